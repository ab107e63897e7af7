// Ported from GraphQL 4.3.0, Tests/GraphQLTests/TypeTests/GraphQLArgumentDefinitionTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

@Suite struct GraphQLArgumentDefinitionTests {
    @Test(.explored(schedules: 300, seed: 1)) func argumentWithNullableTypeIsNotARequiredArgument() {
        let argument = GraphQLArgumentDefinition(
            name: "nullableString",
            type: GraphQLString
        )

        #expect(!isRequiredArgument(argument))
    }

    @Test(.explored(schedules: 300, seed: 1)) func argumentWithNonNullTypeIsNotARequiredArgumentWhenItHasADefaultValue() {
        let argument = GraphQLArgumentDefinition(
            name: "nonNullString",
            type: GraphQLNonNull(GraphQLString),
            defaultValue: .string("Some string")
        )

        #expect(!isRequiredArgument(argument))
    }

    @Test(.explored(schedules: 300, seed: 1)) func argumentWithNonNullArgumentIsARequiredArgumentWhenItDoesNotHaveADefaultValue() {
        let argument = GraphQLArgumentDefinition(
            name: "nonNullString",
            type: GraphQLNonNull(GraphQLString),
            defaultValue: nil
        )

        #expect(isRequiredArgument(argument))
    }
}
