// Ported from GraphQL 4.3.0, Tests/GraphQLTests/ValidationTests/UniqueFieldDefinitionNamesRuleTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

class UniqueFieldDefinitionNamesRuleTests: SDLValidationTestCase {
    override init() {
        super.init()
        rule = UniqueFieldDefinitionNamesRule
    }

    @Test(.explored(schedules: 300, seed: 1)) func noFields() throws {
        try assertValidationErrors(
            """
            type SomeObject
            interface SomeInterface
            input SomeInputObject
            """,
            []
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func oneField() throws {
        try assertValidationErrors(
            """
            type SomeObject {
              foo: String
            }

            interface SomeInterface {
              foo: String
            }

            input SomeInputObject {
              foo: String
            }
            """,
            []
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleFields() throws {
        try assertValidationErrors(
            """
            type SomeObject {
              foo: String
              bar: String
            }

            interface SomeInterface {
              foo: String
              bar: String
            }

            input SomeInputObject {
              foo: String
              bar: String
            }
            """,
            []
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func duplicateFieldsInsideTheSameTypeDefinition() throws {
        try assertValidationErrors(
            """
            type SomeObject {
              foo: String
              bar: String
              foo: String
            }

            interface SomeInterface {
              foo: String
              bar: String
              foo: String
            }

            input SomeInputObject {
              foo: String
              bar: String
              foo: String
            }
            """,
            [
                GraphQLError(
                    message: #"Field "SomeObject.foo" can only be defined once."#,
                    locations: [
                        .init(line: 2, column: 3),
                        .init(line: 4, column: 3),
                    ]
                ),
                GraphQLError(
                    message: #"Field "SomeInterface.foo" can only be defined once."#,
                    locations: [
                        .init(line: 8, column: 3),
                        .init(line: 10, column: 3),
                    ]
                ),
                GraphQLError(
                    message: #"Field "SomeInputObject.foo" can only be defined once."#,
                    locations: [
                        .init(line: 14, column: 3),
                        .init(line: 16, column: 3),
                    ]
                ),
            ]
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func extendTypeWithNewField() throws {
        try assertValidationErrors(
            """
            type SomeObject {
              foo: String
            }
            extend type SomeObject {
              bar: String
            }
            extend type SomeObject {
              baz: String
            }

            interface SomeInterface {
              foo: String
            }
            extend interface SomeInterface {
              bar: String
            }
            extend interface SomeInterface {
              baz: String
            }

            input SomeInputObject {
              foo: String
            }
            extend input SomeInputObject {
              bar: String
            }
            extend input SomeInputObject {
              baz: String
            }
            """,
            []
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func extendTypeWithDuplicateField() throws {
        try assertValidationErrors(
            """
            extend type SomeObject {
              foo: String
            }
            type SomeObject {
              foo: String
            }

            extend interface SomeInterface {
              foo: String
            }
            interface SomeInterface {
              foo: String
            }

            extend input SomeInputObject {
              foo: String
            }
            input SomeInputObject {
              foo: String
            }
            """,
            [
                GraphQLError(
                    message: #"Field "SomeObject.foo" can only be defined once."#,
                    locations: [
                        .init(line: 2, column: 3),
                        .init(line: 5, column: 3),
                    ]
                ),
                GraphQLError(
                    message: #"Field "SomeInterface.foo" can only be defined once."#,
                    locations: [
                        .init(line: 9, column: 3),
                        .init(line: 12, column: 3),
                    ]
                ),
                GraphQLError(
                    message: #"Field "SomeInputObject.foo" can only be defined once."#,
                    locations: [
                        .init(line: 16, column: 3),
                        .init(line: 19, column: 3),
                    ]
                ),
            ]
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func duplicateFieldInsideExtension() throws {
        try assertValidationErrors(
            """
            type SomeObject
            extend type SomeObject {
              foo: String
              bar: String
              foo: String
            }

            interface SomeInterface
            extend interface SomeInterface {
              foo: String
              bar: String
              foo: String
            }

            input SomeInputObject
            extend input SomeInputObject {
              foo: String
              bar: String
              foo: String
            }
            """,
            [
                GraphQLError(
                    message: #"Field "SomeObject.foo" can only be defined once."#,
                    locations: [
                        .init(line: 3, column: 3),
                        .init(line: 5, column: 3),
                    ]
                ),
                GraphQLError(
                    message: #"Field "SomeInterface.foo" can only be defined once."#,
                    locations: [
                        .init(line: 10, column: 3),
                        .init(line: 12, column: 3),
                    ]
                ),
                GraphQLError(
                    message: #"Field "SomeInputObject.foo" can only be defined once."#,
                    locations: [
                        .init(line: 17, column: 3),
                        .init(line: 19, column: 3),
                    ]
                ),
            ]
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func duplicateValueInsideDifferentExtension() throws {
        try assertValidationErrors(
            """
            type SomeObject
            extend type SomeObject {
              foo: String
            }
            extend type SomeObject {
              foo: String
            }

            interface SomeInterface
            extend interface SomeInterface {
              foo: String
            }
            extend interface SomeInterface {
              foo: String
            }

            input SomeInputObject
            extend input SomeInputObject {
              foo: String
            }
            extend input SomeInputObject {
              foo: String
            }
            """,
            [
                GraphQLError(
                    message: #"Field "SomeObject.foo" can only be defined once."#,
                    locations: [
                        .init(line: 3, column: 3),
                        .init(line: 6, column: 3),
                    ]
                ),
                GraphQLError(
                    message: #"Field "SomeInterface.foo" can only be defined once."#,
                    locations: [
                        .init(line: 11, column: 3),
                        .init(line: 14, column: 3),
                    ]
                ),
                GraphQLError(
                    message: #"Field "SomeInputObject.foo" can only be defined once."#,
                    locations: [
                        .init(line: 19, column: 3),
                        .init(line: 22, column: 3),
                    ]
                ),
            ]
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func addingNewFieldToTheTypeInsideExistingSchema() throws {
        let schema = try buildSchema(
            source: """
                type SomeObject
                interface SomeInterface
                input SomeInputObject
                """
        )
        let sdl = """
            extend type SomeObject {
              foo: String
            }

            extend interface SomeInterface {
              foo: String
            }

            extend input SomeInputObject {
              foo: String
            }
            """
        try assertValidationErrors(sdl, schema: schema, [])
    }

    @Test(.explored(schedules: 300, seed: 1)) func addingConflictingFieldsToExistingSchemaTwice() throws {
        let schema = try buildSchema(
            source: """
                type SomeObject {
                  foo: String
                }

                interface SomeInterface {
                  foo: String
                }

                input SomeInputObject {
                  foo: String
                }
                """
        )
        let sdl = """
            extend type SomeObject {
              foo: String
            }
            extend interface SomeInterface {
              foo: String
            }
            extend input SomeInputObject {
              foo: String
            }

            extend type SomeObject {
              foo: String
            }
            extend interface SomeInterface {
              foo: String
            }
            extend input SomeInputObject {
              foo: String
            }
            """
        try assertValidationErrors(
            sdl,
            schema: schema,
            [
                GraphQLError(
                    message:
                        #"Field "SomeObject.foo" already exists in the schema. It cannot also be defined in this type extension."#,
                    locations: [.init(line: 2, column: 3)]
                ),
                GraphQLError(
                    message:
                        #"Field "SomeInterface.foo" already exists in the schema. It cannot also be defined in this type extension."#,
                    locations: [.init(line: 5, column: 3)]
                ),
                GraphQLError(
                    message:
                        #"Field "SomeInputObject.foo" already exists in the schema. It cannot also be defined in this type extension."#,
                    locations: [.init(line: 8, column: 3)]
                ),
                GraphQLError(
                    message:
                        #"Field "SomeObject.foo" already exists in the schema. It cannot also be defined in this type extension."#,
                    locations: [.init(line: 12, column: 3)]
                ),
                GraphQLError(
                    message:
                        #"Field "SomeInterface.foo" already exists in the schema. It cannot also be defined in this type extension."#,
                    locations: [.init(line: 15, column: 3)]
                ),
                GraphQLError(
                    message:
                        #"Field "SomeInputObject.foo" already exists in the schema. It cannot also be defined in this type extension."#,
                    locations: [.init(line: 18, column: 3)]
                ),
            ]
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func addingFieldsToExistingSchemaTwice() throws {
        let schema = try buildSchema(
            source: """
                type SomeObject
                interface SomeInterface
                input SomeInputObject
                """
        )
        let sdl = """
            extend type SomeObject {
              foo: String
            }
            extend type SomeObject {
              foo: String
            }

            extend interface SomeInterface {
              foo: String
            }
            extend interface SomeInterface {
              foo: String
            }

            extend input SomeInputObject {
              foo: String
            }
            extend input SomeInputObject {
              foo: String
            }
            """
        try assertValidationErrors(
            sdl,
            schema: schema,
            [
                GraphQLError(
                    message: #"Field "SomeObject.foo" can only be defined once."#,
                    locations: [
                        .init(line: 2, column: 3),
                        .init(line: 5, column: 3),
                    ]
                ),
                GraphQLError(
                    message: #"Field "SomeInterface.foo" can only be defined once."#,
                    locations: [
                        .init(line: 9, column: 3),
                        .init(line: 12, column: 3),
                    ]
                ),
                GraphQLError(
                    message: #"Field "SomeInputObject.foo" can only be defined once."#,
                    locations: [
                        .init(line: 16, column: 3),
                        .init(line: 19, column: 3),
                    ]
                ),
            ]
        )
    }
}
