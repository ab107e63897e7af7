// Ported from GraphQL 4.3.0, Tests/GraphQLTests/LanguageTests/BlockStringTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

@Suite struct PrintBlockStringTests {
    @Test(.explored(schedules: 300, seed: 1)) func doesNotEscapeCharacters() {
        let str = "\" \\ / \n \r \t"
        #expect(printBlockString(str) == "\"\"\"\n" + str + "\n\"\"\"")
        #expect(printBlockString(str, minimize: true) == "\"\"\"\n" + str + "\"\"\"")
    }

    @Test(.explored(schedules: 300, seed: 1)) func byDefaultPrintBlockStringsAsSingleLine() {
        #expect(printBlockString("one liner") == "\"\"\"one liner\"\"\"")
    }

    @Test(.explored(schedules: 300, seed: 1)) func byDefaultPrintBlockStringsEndingWithTripleQuotationAsMultiLine() {
        let str = "triple quotation \"\"\""
        #expect(printBlockString(str) == "\"\"\"\ntriple quotation \\\"\"\"\n\"\"\"")
        #expect(
            printBlockString(str, minimize: true) == "\"\"\"triple quotation \\\"\"\"\"\"\""
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func correctlyPrintsSingleLineWithLeadingSpace() {
        #expect(
            printBlockString("    space-led value \"quoted string\"")
                == "\"\"\"    space-led value \"quoted string\"\n\"\"\""
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func correctlyPrintsSingleLineWithTrailingBackslash() {
        let str = "backslash \\"
        #expect(printBlockString(str) == "\"\"\"\nbackslash \\\n\"\"\"")
        #expect(printBlockString(str, minimize: true) == "\"\"\"backslash \\\n\"\"\"")
    }

    @Test(.explored(schedules: 300, seed: 1)) func correctlyPrintsMultiLineWithInternalIndent() {
        let str = "no indent\n with indent"
        #expect(printBlockString(str) == "\"\"\"\nno indent\n with indent\n\"\"\"")
        #expect(
            printBlockString(str, minimize: true) == "\"\"\"\nno indent\n with indent\"\"\""
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func correctlyPrintsStringWithAFirstLineIndentation() {
        let str = [
            "    first  ",
            "  line     ",
            "indentation",
            "     string",
        ].joined(separator: "\n")

        #expect(
            printBlockString(str)
                == [
                    "\"\"\"",
                    "    first  ",
                    "  line     ",
                    "indentation",
                    "     string",
                    "\"\"\"",
                ].joined(separator: "\n")
        )
        #expect(
            printBlockString(str, minimize: true)
                == [
                    "\"\"\"    first  ",
                    "  line     ",
                    "indentation",
                    "     string\"\"\"",
                ].joined(separator: "\n")
        )
    }
}
