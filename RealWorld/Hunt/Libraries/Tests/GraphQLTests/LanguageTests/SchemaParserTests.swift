// Ported from GraphQL 4.3.0, Tests/GraphQLTests/LanguageTests/SchemaParserTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Foundation
import Testing

@testable import GraphQL

func nameNode(_ name: String) -> Name {
    return Name(value: name)
}

func fieldNode(_ name: Name, _ type: Type) -> FieldDefinition {
    return FieldDefinition(name: name, type: type)
}

func fieldNodeWithDescription(
    _ description: StringValue? = nil,
    _ name: Name,
    _ type: Type
) -> FieldDefinition {
    return FieldDefinition(description: description, name: name, type: type)
}

func typeNode(_ name: String) -> NamedType {
    return NamedType(name: nameNode(name))
}

func enumValueNode(_ name: String) -> EnumValueDefinition {
    return EnumValueDefinition(name: nameNode(name))
}

func enumValueWithDescriptionNode(
    _ description: StringValue?,
    _ name: String
) -> EnumValueDefinition {
    return EnumValueDefinition(description: description, name: nameNode(name))
}

func fieldNodeWithArgs(
    _ name: Name,
    _ type: Type,
    _ args: [InputValueDefinition]
) -> FieldDefinition {
    return FieldDefinition(name: name, arguments: args, type: type)
}

func inputValueNode(
    _ name: Name,
    _ type: Type,
    _ defaultValue: Value? = nil
) -> InputValueDefinition {
    return InputValueDefinition(name: name, type: type, defaultValue: defaultValue)
}

func inputValueWithDescriptionNode(
    _ description: StringValue?,
    _ name: Name,
    _ type: Type,
    _ defaultValue: Value? = nil
) -> InputValueDefinition {
    return InputValueDefinition(
        description: description,
        name: name,
        type: type,
        defaultValue: defaultValue
    )
}

func namedTypeNode(_ name: String) -> NamedType {
    return NamedType(name: nameNode(name))
}

@Suite struct SchemaParserTests {
    @Test(.explored(schedules: 300, seed: 1)) func simpleType() throws {
        let source = "type Hello { world: String }"

        let expected = Document(
            definitions: [
                ObjectTypeDefinition(
                    name: nameNode("Hello"),
                    fields: [
                        fieldNode(
                            nameNode("world"),
                            typeNode("String")
                        )
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func parsesTypeWithDescriptionString() throws {
        let doc = try parse(
            source: """
                "Description"
                type Hello {
                  world: String
                }
                """
        )

        let type = try #require(doc.definitions[0] as? ObjectTypeDefinition)

        #expect(type.description?.value == "Description")
    }

    @Test(.explored(schedules: 300, seed: 1)) func parsesTypeWithDescriptionMultiLineString() throws {
        let doc = try parse(
            source: #"""
                """
                Description
                """
                # Even with comments between them
                type Hello {
                  world: String
                }
                """#
        )

        let type = try #require(doc.definitions[0] as? ObjectTypeDefinition)

        #expect(type.description?.value == "Description")
    }

    @Test(.explored(schedules: 300, seed: 1)) func parsesSchemaWithDescriptionMultiLineString() throws {
        let doc = try parse(
            source: """
                "Description"
                schema {
                  query: Foo
                }
                """
        )

        let type = try #require(doc.definitions[0] as? SchemaDefinition)

        #expect(type.description?.value == "Description")
    }

    @Test(.explored(schedules: 300, seed: 1)) func descriptionFollowedBySomethingOtherThanTypeSystemDefinitionThrows() throws {
        #expect(throws: (any Error).self) {
            try parse(source: #""Description" 1"#)
        }
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleExtension() throws {
        let source = "extend type Hello { world: String }"

        let expected = Document(
            definitions: [
                TypeExtensionDefinition(
                    definition: ObjectTypeDefinition(
                        name: nameNode("Hello"),
                        fields: [
                            fieldNode(
                                nameNode("world"),
                                typeNode("String")
                            )
                        ]
                    )
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func objectExtensionWithoutFields() throws {
        #expect(
            try parse(source: "extend type Hello implements Greeting")
                == Document(
                    definitions: [
                        TypeExtensionDefinition(
                            definition: ObjectTypeDefinition(
                                name: nameNode("Hello"),
                                interfaces: [typeNode("Greeting")],
                                directives: [],
                                fields: []
                            )
                        )
                    ]
                )
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func interfaceExtensionWithoutFields() throws {
        #expect(
            try parse(source: "extend interface Hello implements Greeting")
                == Document(
                    definitions: [
                        InterfaceExtensionDefinition(
                            definition: InterfaceTypeDefinition(
                                name: nameNode("Hello"),
                                interfaces: [typeNode("Greeting")],
                                directives: [],
                                fields: []
                            )
                        )
                    ]
                )
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func objectExtensionWithoutFieldsFollowedByExtension() throws {
        #expect(
            try parse(
                source: """
                    extend type Hello implements Greeting

                    extend type Hello implements SecondGreeting
                    """
            )
                == Document(
                    definitions: [
                        TypeExtensionDefinition(
                            definition: ObjectTypeDefinition(
                                name: nameNode("Hello"),
                                interfaces: [typeNode("Greeting")],
                                directives: [],
                                fields: []
                            )
                        ),
                        TypeExtensionDefinition(
                            definition: ObjectTypeDefinition(
                                name: nameNode("Hello"),
                                interfaces: [typeNode("SecondGreeting")],
                                directives: [],
                                fields: []
                            )
                        ),
                    ]
                )
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func extensionWithoutAnythingThrows() throws {
        #expect(throws: (any Error).self) { try parse(source: "extend scalar Hello") }
        #expect(throws: (any Error).self) { try parse(source: "extend type Hello") }
        #expect(throws: (any Error).self) { try parse(source: "extend interface Hello") }
        #expect(throws: (any Error).self) { try parse(source: "extend union Hello") }
        #expect(throws: (any Error).self) { try parse(source: "extend enum Hello") }
        #expect(throws: (any Error).self) { try parse(source: "extend input Hello") }
    }

    @Test(.explored(schedules: 300, seed: 1)) func interfaceExtensionWithoutFieldsFollowedByExtension() throws {
        #expect(
            try parse(
                source: """
                    extend interface Hello implements Greeting

                    extend interface Hello implements SecondGreeting
                    """
            )
                == Document(
                    definitions: [
                        InterfaceExtensionDefinition(
                            definition: InterfaceTypeDefinition(
                                name: nameNode("Hello"),
                                interfaces: [typeNode("Greeting")],
                                directives: [],
                                fields: []
                            )
                        ),
                        InterfaceExtensionDefinition(
                            definition: InterfaceTypeDefinition(
                                name: nameNode("Hello"),
                                interfaces: [typeNode("SecondGreeting")],
                                directives: [],
                                fields: []
                            )
                        ),
                    ]
                )
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func objectExtensionDoNotIncludeDescriptions() throws {
        #expect(throws: (any Error).self) {
            try parse(
                source: """
                    "Description"
                    extend type Hello {
                      world: String
                    }
                    """
            )
        }

        #expect(throws: (any Error).self) {
            try parse(
                source: """
                    extend "Description" type Hello {
                      world: String
                    }
                    """
            )
        }
    }

    @Test(.explored(schedules: 300, seed: 1)) func interfaceExtensionDoNotIncludeDescriptions() throws {
        #expect(throws: (any Error).self) {
            try parse(
                source: """
                    "Description"
                    extend interface Hello {
                      world: String
                    }
                    """
            )
        }

        #expect(throws: (any Error).self) {
            try parse(
                source: """
                    extend "Description" interface Hello {
                      world: String
                    }
                    """
            )
        }
    }

    @Test(.explored(schedules: 300, seed: 1)) func schemaExtension() throws {
        #expect(
            try parse(
                source: """
                    extend schema {
                      mutation: Mutation
                    }
                    """
            )
                == Document(
                    definitions: [
                        SchemaExtensionDefinition(
                            definition: SchemaDefinition(
                                directives: [],
                                operationTypes: [
                                    OperationTypeDefinition(
                                        operation: .mutation,
                                        type: .init(name: .init(value: "Mutation"))
                                    )
                                ]
                            )
                        )
                    ]
                )
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func schemaExtensionWithOnlyDirectives() throws {
        #expect(
            try parse(source: "extend schema @directive")
                == Document(
                    definitions: [
                        SchemaExtensionDefinition(
                            definition: SchemaDefinition(
                                directives: [
                                    Directive(name: .init(value: "directive"))
                                ],
                                operationTypes: []
                            )
                        )
                    ]
                )
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func schemaExtensionWithoutAnythingThrows() throws {
        #expect(throws: (any Error).self) {
            try parse(source: "extend schema")
        }
    }

    @Test(.explored(schedules: 300, seed: 1)) func schemaExtensionWithInvalidOperationTypeThrows() throws {
        #expect(throws: (any Error).self) {
            try parse(source: "extend schema { unknown: SomeType }")
        }
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleNonNullType() throws {
        let source = "type Hello { world: String! }"

        let expected = Document(
            definitions: [
                ObjectTypeDefinition(
                    name: nameNode("Hello"),
                    fields: [
                        fieldNode(
                            nameNode("world"),
                            NonNullType(
                                type: typeNode("String")
                            )
                        )
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleInterfaceInheritingInterface() throws {
        #expect(
            try parse(
                source: "interface Hello implements World { field: String }"
            )
                == Document(
                    definitions: [
                        InterfaceTypeDefinition(
                            name: nameNode("Hello"),
                            interfaces: [typeNode("World")],
                            fields: [
                                FieldDefinition(
                                    name: .init(value: "field"),
                                    type: NamedType(name: .init(value: "String"))
                                )
                            ]
                        )
                    ]
                )
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleTypeInheritingInterface() throws {
        let source = "type Hello implements World { }"

        let expected = Document(
            definitions: [
                ObjectTypeDefinition(
                    name: nameNode("Hello"),
                    interfaces: [typeNode("World")]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleTypeInheritingMultipleInterfaces() throws {
        let source = "type Hello implements Wo & rld { }"

        let expected = Document(
            definitions: [
                ObjectTypeDefinition(
                    name: nameNode("Hello"),
                    interfaces: [
                        typeNode("Wo"),
                        typeNode("rld"),
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleInterfaceInheritingMultipleInterfaces() throws {
        #expect(
            try parse(
                source: "interface Hello implements Wo & rld { field: String }"
            )
                == Document(
                    definitions: [
                        InterfaceTypeDefinition(
                            name: nameNode("Hello"),
                            interfaces: [
                                typeNode("Wo"),
                                typeNode("rld"),
                            ],
                            fields: [
                                FieldDefinition(
                                    name: .init(value: "field"),
                                    type: NamedType(name: .init(value: "String"))
                                )
                            ]
                        )
                    ]
                )
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleTypeInheritingMultipleInterfacesWithLeadingAmbersand() throws {
        let source = "type Hello implements & Wo & rld { }"

        let expected = Document(
            definitions: [
                ObjectTypeDefinition(
                    name: nameNode("Hello"),
                    interfaces: [
                        typeNode("Wo"),
                        typeNode("rld"),
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleInterfaceInheritingMultipleInterfacesWithLeadingAmbersand() throws {
        #expect(
            try parse(
                source: "interface Hello implements & Wo & rld { field: String }"
            )
                == Document(
                    definitions: [
                        InterfaceTypeDefinition(
                            name: nameNode("Hello"),
                            interfaces: [
                                typeNode("Wo"),
                                typeNode("rld"),
                            ],
                            fields: [
                                FieldDefinition(
                                    name: .init(value: "field"),
                                    type: NamedType(name: .init(value: "String"))
                                )
                            ]
                        )
                    ]
                )
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func singleValueEnum() throws {
        let source = "enum Hello { WORLD }"

        let expected = Document(
            definitions: [
                EnumTypeDefinition(
                    name: nameNode("Hello"),
                    values: [
                        enumValueNode("WORLD")
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func doubleValueEnum() throws {
        let source = "enum Hello { WO, RLD }"

        let expected = Document(
            definitions: [
                EnumTypeDefinition(
                    name: nameNode("Hello"),
                    values: [
                        enumValueNode("WO"),
                        enumValueNode("RLD"),
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleInterface() throws {
        let source = "interface Hello { world: String }"

        let expected = Document(
            definitions: [
                InterfaceTypeDefinition(
                    name: nameNode("Hello"),
                    fields: [
                        fieldNode(
                            nameNode("world"),
                            typeNode("String")
                        )
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleFieldWithArg() throws {
        let source = "type Hello { world(flag: Boolean): String }"

        let expected = Document(
            definitions: [
                ObjectTypeDefinition(
                    name: nameNode("Hello"),
                    fields: [
                        fieldNodeWithArgs(
                            nameNode("world"),
                            typeNode("String"),
                            [
                                inputValueNode(
                                    nameNode("flag"),
                                    typeNode("Boolean")
                                )
                            ]
                        )
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleFieldWithArgDefaultValue() throws {
        let source = "type Hello { world(flag: Boolean = true): String }"

        let expected = Document(
            definitions: [
                ObjectTypeDefinition(
                    name: nameNode("Hello"),
                    fields: [
                        fieldNodeWithArgs(
                            nameNode("world"),
                            typeNode("String"),
                            [
                                inputValueNode(
                                    nameNode("flag"),
                                    typeNode("Boolean"),
                                    BooleanValue(value: true)
                                )
                            ]
                        )
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleFieldWithListArg() throws {
        let source = "type Hello { world(things: [String]): String }"

        let expected = Document(
            definitions: [
                ObjectTypeDefinition(
                    name: nameNode("Hello"),
                    fields: [
                        fieldNodeWithArgs(
                            nameNode("world"),
                            typeNode("String"),
                            [
                                inputValueNode(
                                    nameNode("things"),
                                    ListType(type: typeNode("String"))
                                )
                            ]
                        )
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleFieldWithTwoArgs() throws {
        let source = "type Hello { world(argOne: Boolean, argTwo: Int): String }"

        let expected = Document(
            definitions: [
                ObjectTypeDefinition(
                    name: nameNode("Hello"),
                    fields: [
                        fieldNodeWithArgs(
                            nameNode("world"),
                            typeNode("String"),
                            [
                                inputValueNode(
                                    nameNode("argOne"),
                                    typeNode("Boolean")
                                ),
                                inputValueNode(
                                    nameNode("argTwo"),
                                    typeNode("Int")
                                ),
                            ]
                        )
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleUnion() throws {
        let source = "union Hello = World"

        let expected = Document(
            definitions: [
                UnionTypeDefinition(
                    name: nameNode("Hello"),
                    types: [
                        typeNode("World")
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func unionTwoTypes() throws {
        let source = "union Hello = Wo | Rld"

        let expected = Document(
            definitions: [
                UnionTypeDefinition(
                    name: nameNode("Hello"),
                    types: [
                        typeNode("Wo"),
                        typeNode("Rld"),
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func scalar() throws {
        let source = "scalar Hello"

        let expected = Document(
            definitions: [
                ScalarTypeDefinition(
                    name: nameNode("Hello")
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleInputObject() throws {
        let source = "input Hello { world: String }"

        let expected = Document(
            definitions: [
                InputObjectTypeDefinition(
                    name: nameNode("Hello"),
                    fields: [
                        inputValueNode(
                            nameNode("world"),
                            typeNode("String")
                        )
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleInputObjectWithArgs() throws {
        let source = "input Hello { world(foo: Int): String }"
        #expect(throws: (any Error).self) { try parse(source: source) }
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleSchema() throws {
        let source = "schema { query: Hello }"
        let expected = SchemaDefinition(
            directives: [],
            operationTypes: [
                OperationTypeDefinition(
                    operation: .query,
                    type: namedTypeNode("Hello")
                )
            ]
        )
        let result = try parse(source: source)
        #expect(result.definitions[0] == expected)
    }

    // Description tests

    @Test(.explored(schedules: 300, seed: 1)) func typeWithDescription() throws {
        let source = #""The Hello type" type Hello { world: String }"#

        let expected = ObjectTypeDefinition(
            description: StringValue(value: "The Hello type", block: false),
            name: nameNode("Hello"),
            fields: [
                fieldNode(
                    nameNode("world"),
                    typeNode("String")
                )
            ]
        )

        let result = try parse(source: source)
        let firstDefinition = try #require(result.definitions[0] as? ObjectTypeDefinition)
        #expect(
            firstDefinition == expected,
            """
            \(dump(firstDefinition))
            \(dump(expected))
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func typeWitMultilinehDescription() throws {
        let source = #"""
            """
            The Hello type.
            Multi-line description
            """
            type Hello {
                world: String
            }
            """#

        let expected = Document(
            definitions: [
                ObjectTypeDefinition(
                    description: StringValue(
                        value: "The Hello type.\nMulti-line description",
                        block: true
                    ),
                    name: nameNode("Hello"),
                    fields: [
                        fieldNode(
                            nameNode("world"),
                            typeNode("String")
                        )
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func directiveDesciption() throws {
        let source = #""directive description" directive @Test(a: String = "hello") on FIELD"#

        let expected = Document(
            definitions: [
                DirectiveDefinition(
                    loc: nil,
                    description: StringValue(
                        value: "directive description",
                        block: false
                    ),
                    name: nameNode("Test"),
                    arguments: [
                        inputValueNode(
                            nameNode("a"),
                            typeNode("String"),
                            StringValue(value: "hello", block: false)
                        )
                    ],
                    locations: [
                        nameNode("FIELD")
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func directiveMultilineDesciption() throws {
        let source = #"""
            """
            directive description
            """
            directive @Test(a: String = "hello") on FIELD
            """#
        let expected = Document(
            definitions: [
                DirectiveDefinition(
                    loc: nil,
                    description: StringValue(
                        value: "directive description",
                        block: true
                    ),
                    name: nameNode("Test"),
                    arguments: [
                        inputValueNode(
                            nameNode("a"),
                            typeNode("String"),
                            StringValue(value: "hello", block: false)
                        )
                    ],
                    locations: [
                        nameNode("FIELD")
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleSchemaWithDescription() throws {
        let source = #""Hello Schema" schema { query: Hello } "#

        let expected = SchemaDefinition(
            description: StringValue(value: "Hello Schema", block: false),
            directives: [],
            operationTypes: [
                OperationTypeDefinition(
                    operation: .query,
                    type: namedTypeNode("Hello")
                )
            ]
        )
        let result = try parse(source: source)
        #expect(result.definitions[0] == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func scalarWithDescription() throws {
        let source = #""Hello Scaler Test" scalar Hello"#

        let expected = Document(
            definitions: [
                ScalarTypeDefinition(
                    description: StringValue(value: "Hello Scaler Test", block: false),
                    name: nameNode("Hello")
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleInterfaceWithDescription() throws {
        let source = #""Hello World Interface" interface Hello { world: String } "#

        let expected = Document(
            definitions: [
                InterfaceTypeDefinition(
                    description: StringValue(value: "Hello World Interface", block: false),
                    name: nameNode("Hello"),
                    fields: [
                        fieldNode(
                            nameNode("world"),
                            typeNode("String")
                        )
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleUnionWithDescription() throws {
        let source = #""Hello World Union!" union Hello = World "#

        let expected = Document(
            definitions: [
                UnionTypeDefinition(
                    description: StringValue(value: "Hello World Union!", block: false),
                    name: nameNode("Hello"),
                    types: [
                        typeNode("World")
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func singleValueEnumDescription() throws {
        let source = #""Hello World Enum..." enum Hello { WORLD } "#

        let expected = Document(
            definitions: [
                EnumTypeDefinition(
                    description: StringValue(value: "Hello World Enum...", block: false),
                    name: nameNode("Hello"),
                    values: [
                        enumValueNode("WORLD")
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleInputObjectWithDescription() throws {
        let source = #""Hello Input Object" input Hello { world: String }"#

        let expected = Document(
            definitions: [
                InputObjectTypeDefinition(
                    description: StringValue(value: "Hello Input Object", block: false),
                    name: nameNode("Hello"),
                    fields: [
                        inputValueNode(
                            nameNode("world"),
                            typeNode("String")
                        )
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    // Test Fields and values with optional descriptions

    @Test(.explored(schedules: 300, seed: 1)) func singleValueEnumWithDescription() throws {
        let source = """
            enum Hello {
                "world description"
                WORLD
                "Hello there"
                HELLO
            }
            """

        let expected = Document(
            definitions: [
                EnumTypeDefinition(
                    name: nameNode("Hello"),
                    values: [
                        enumValueWithDescriptionNode(
                            StringValue(value: "world description", block: false),
                            "WORLD"
                        ),
                        enumValueWithDescriptionNode(
                            StringValue(value: "Hello there", block: false),
                            "HELLO"
                        ),
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func typeFieldWithDescription() throws {
        let source = #"type Hello { "The world field." world: String } "#

        let expected = Document(
            definitions: [
                ObjectTypeDefinition(
                    name: nameNode("Hello"),
                    fields: [
                        fieldNodeWithDescription(
                            StringValue(value: "The world field.", block: false),
                            nameNode("world"),
                            typeNode("String")
                        )
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func typeFieldWithMultilineDescription() throws {
        let source = #"""
            type Hello {
                """
                The world
                field.
                """
                world: String
            }
            """#

        let expected = Document(
            definitions: [
                ObjectTypeDefinition(
                    name: nameNode("Hello"),
                    fields: [
                        fieldNodeWithDescription(
                            StringValue(value: "The world\nfield.", block: true),
                            nameNode("world"),
                            typeNode("String")
                        )
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected, "\(dump(result)) \n\n\(dump(expected))")
    }

    @Test(.explored(schedules: 300, seed: 1)) func simpleInputObjectFieldWithDescription() throws {
        let source = #"input Hello { "World field" world: String }"#

        let expected = Document(
            definitions: [
                InputObjectTypeDefinition(
                    name: nameNode("Hello"),
                    fields: [
                        inputValueWithDescriptionNode(
                            StringValue(value: "World field", block: false),
                            nameNode("world"),
                            typeNode("String")
                        )
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func undefinedType() throws {
        let source = #"type UndefinedType"#

        let expected = Document(
            definitions: [
                ObjectTypeDefinition(name: nameNode("UndefinedType"))
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func undefinedInterfaceType() throws {
        let source = #"interface UndefinedInterface"#

        let expected = Document(
            definitions: [
                InterfaceTypeDefinition(
                    name: nameNode("UndefinedInterface"),
                    fields: []
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func interfaceExtensionType() throws {
        let source = #"extend interface Bar @onInterface"#

        let expected = Document(
            definitions: [
                InterfaceExtensionDefinition(
                    definition: InterfaceTypeDefinition(
                        name: nameNode("Bar"),
                        directives: [
                            Directive(name: nameNode("onInterface"))
                        ],
                        fields: []
                    )
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func unionPipe() throws {
        let source = #"union AnnotatedUnionTwo @onUnion = | A | B"#

        let expected = Document(
            definitions: [
                UnionTypeDefinition(
                    name: nameNode("AnnotatedUnionTwo"),
                    directives: [
                        Directive(name: nameNode("onUnion"))
                    ],
                    types: [
                        NamedType(name: nameNode("A")),
                        NamedType(name: nameNode("B")),
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func extendScalar() throws {
        let source = #"extend scalar CustomScalar @onScalar"#

        let expected = Document(
            definitions: [
                ScalarExtensionDefinition(
                    definition: ScalarTypeDefinition(
                        name: nameNode("CustomScalar"),
                        directives: [
                            Directive(name: nameNode("onScalar"))
                        ]
                    )
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func undefinedUnion() throws {
        let source = #"union UndefinedUnion"#

        let expected = Document(
            definitions: [
                UnionTypeDefinition(
                    name: nameNode("UndefinedUnion"),
                    types: []
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func extendUnion() throws {
        let source = #"extend union Feed = Photo | Video"#

        let expected = Document(
            definitions: [
                UnionExtensionDefinition(
                    definition: UnionTypeDefinition(
                        name: nameNode("Feed"),
                        types: [
                            namedTypeNode("Photo"),
                            namedTypeNode("Video"),
                        ]
                    )
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func undefinedEnum() throws {
        let source = #"enum UndefinedEnum"#

        let expected = Document(
            definitions: [
                EnumTypeDefinition(
                    name: nameNode("UndefinedEnum"),
                    values: []
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func enumExtension() throws {
        let source = #"extend enum Site @onEnum"#

        let expected = Document(
            definitions: [
                EnumExtensionDefinition(
                    definition: EnumTypeDefinition(
                        name: nameNode("Site"),
                        directives: [
                            Directive(name: nameNode("onEnum"))
                        ],
                        values: []
                    )
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func undefinedInput() throws {
        let source = #"input UndefinedInput"#

        let expected = Document(
            definitions: [
                InputObjectTypeDefinition(
                    name: nameNode("UndefinedInput"),
                    fields: []
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func inputExtension() throws {
        let source = #"extend input InputType @include"#

        let expected = Document(
            definitions: [
                InputObjectExtensionDefinition(
                    definition: InputObjectTypeDefinition(
                        name: nameNode("InputType"),
                        directives: [
                            Directive(name: Name(value: "include"))
                        ],
                        fields: []
                    )
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func directivePipe() throws {
        let source = """
            directive @include2 on
                | FIELD
                | FRAGMENT_SPREAD
                | INLINE_FRAGMENT
            """

        let expected = Document(
            definitions: [
                DirectiveDefinition(
                    name: nameNode("include2"),
                    locations: [
                        nameNode("FIELD"),
                        nameNode("FRAGMENT_SPREAD"),
                        nameNode("INLINE_FRAGMENT"),
                    ]
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func directiveRepeatable() throws {
        let source = """
            directive @myRepeatableDir repeatable on
              | OBJECT
              | INTERFACE
            """

        let expected = Document(
            definitions: [
                DirectiveDefinition(
                    name: nameNode("myRepeatableDir"),
                    locations: [
                        nameNode("OBJECT"),
                        nameNode("INTERFACE"),
                    ],
                    repeatable: true
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func kitchenSink() throws {
        guard
            let url = Bundle.module.url(
                forResource: "schema-kitchen-sink",
                withExtension: "graphql"
            ),
            let kitchenSink = try? String(contentsOf: url, encoding: .utf8)
        else {
            Issue.record("Could not load kitchen sink")
            return
        }

        _ = try parse(source: kitchenSink)
    }

    @Test(.explored(schedules: 300, seed: 1)) func schemeExtension() throws {
        // Based on Apollo Federation example schema: https://github.com/apollographql/apollo-federation-subgraph-compatibility/blob/main/COMPATIBILITY.md#products-schema-to-be-implemented-by-library-maintainers
        let source =
            """
            extend schema
              @link(
                url: "https://specs.apollo.dev/federation/v2.0",
                import: [
                  "@extends",
                  "@external",
                  "@key",
                  "@inaccessible",
                  "@override",
                  "@provides",
                  "@requires",
                  "@shareable",
                  "@tag"
                ]
              )
            """

        let expected = Document(
            definitions: [
                SchemaExtensionDefinition(
                    definition: SchemaDefinition(
                        directives: [
                            Directive(
                                name: nameNode("link"),
                                arguments: [
                                    Argument(
                                        name: nameNode("url"),
                                        value: StringValue(
                                            value: "https://specs.apollo.dev/federation/v2.0",
                                            block: false
                                        )
                                    ),
                                    Argument(
                                        name: nameNode("import"),
                                        value: ListValue(values: [
                                            StringValue(value: "@extends", block: false),
                                            StringValue(value: "@external", block: false),
                                            StringValue(value: "@key", block: false),
                                            StringValue(value: "@inaccessible", block: false),
                                            StringValue(value: "@override", block: false),
                                            StringValue(value: "@provides", block: false),
                                            StringValue(value: "@requires", block: false),
                                            StringValue(value: "@shareable", block: false),
                                            StringValue(value: "@tag", block: false),
                                        ])
                                    ),
                                ]
                            )
                        ],
                        operationTypes: []
                    )
                )
            ]
        )

        let result = try parse(source: source)
        #expect(result == expected)
    }
}
