// Ported from hummingbird 2.28.1, Tests/HummingbirdTests/HTTPTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - one trait added to each of its 16 Swift Testing `@Test`s.
// - `import DispatchableTesting` added before the first import.
// Trait: .explored(schedules: 300, seed: 1) on every test unless said below.

//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//

import DispatchableTesting
import Foundation
import Hummingbird
import HummingbirdCore
import Testing

struct HTTPTests {
    func testURI<T: Equatable>(_ uri: URI, _ component: KeyPath<URI, T>, _ value: T) {
        #expect(uri[keyPath: component] == value)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testScheme() {
        self.testURI("https://hummingbird.co.uk", \.scheme, .https)
        self.testURI("/hello", \.scheme, nil)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testHost() {
        self.testURI("https://hummingbird.co.uk", \.host, "hummingbird.co.uk")
        self.testURI("https://hummingbird.co.uk:8001", \.host, "hummingbird.co.uk")
        self.testURI("file:///Users/John.Doe/", \.host, nil)
        self.testURI("/hello", \.host, nil)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testPort() {
        self.testURI("https://hummingbird.co.uk", \.port, nil)
        self.testURI("https://hummingbird.co.uk:8001", \.port, 8001)
        self.testURI("https://hummingbird.co.uk:80/test", \.port, 80)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testPath() {
        self.testURI("/hello", \.path, "/hello")
        self.testURI("http://localhost:8080", \.path, "/")
        self.testURI("https://hummingbird.co.uk/users", \.path, "/users")
        self.testURI("https://hummingbird.co.uk/users?id=24", \.path, "/users")
        self.testURI("https://hummingbird.co.uk/users?", \.path, "/users")
        self.testURI("file:///Users/John.Doe/", \.path, "/Users/John.Doe/")
    }

    @Test(.explored(schedules: 300, seed: 1)) func testQuery() {
        self.testURI("https://hummingbird.co.uk", \.query, nil)
        self.testURI("https://hummingbird.co.uk/?test=true", \.query, "test=true")
        self.testURI("https://hummingbird.co.uk/hello?single#id", \.query, "single")
        self.testURI("https://hummingbird.co.uk/hello/?single2#id", \.query, "single2")
        self.testURI("https://hummingbird.co.uk?test1=hello%20rg&test2=true", \.query, "test1=hello%20rg&test2=true")
        self.testURI("https://hummingbird.co.uk?test1=hello%20rg&test2=true", \.queryParameters["test1"], "hello rg")
        self.testURI("www.mydomain.ru/search?text=банан", \.queryParameters["text"], "банан")
    }

    @Test(.explored(schedules: 300, seed: 1)) func testURLPerf() {
        let urlString = "https://hummingbird.co.uk/test/url?test1=hello%20rg&test2=true"
        let date = Date()
        for _ in 0..<10000 {
            _ = URI(urlString).queryParameters
        }
        print("\(-date.timeIntervalSinceNow)")
    }

    @Test(.explored(schedules: 300, seed: 1)) func testMediaTypeExtensions() {
        #expect(MediaType.getMediaType(forExtension: "jpg")?.isType(.imageJpeg) == true)
        #expect(MediaType.getMediaType(forExtension: "txt")?.isType(.textPlain) == true)
        #expect(MediaType.getMediaType(forExtension: "html")?.isType(.textHtml) == true)
        #expect(MediaType.getMediaType(forExtension: "css")?.isType(.textCss) == true)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testMediaTypeHeaderValues() {
        #expect(MediaType.applicationUrlEncoded.isType(.application))
        #expect(MediaType.audioOgg.isType(.audio))
        #expect(MediaType.videoMp4.isType(.video))
        #expect(MediaType.fontOtf.isType(.font))
        #expect(MediaType.multipartForm.isType(.multipart))
        #expect(MediaType.imageSvg.isType(.image))
        #expect(MediaType(from: "image/jpeg")?.isType(.imageJpeg) == true)
        #expect(MediaType(from: "text/plain")?.isType(.textPlain) == true)
        #expect(MediaType(from: "application/json")?.isType(.applicationJson) == true)
        #expect(MediaType(from: "application/json; charset=utf8")?.isType(.applicationJson) == true)
        #expect(MediaType(from: "application/xml")?.isType(.applicationXml) == true)
        #expect(MediaType(from: "multipart/form-data")?.isType(.multipartForm) == true)
        #expect(MediaType(from: "audio/ogg")?.isType(.audioOgg) == true)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testMediaTypeMatching() {
        switch MediaType(from: "application/json; charset=utf8") {
        case .some(.application), .some(.applicationJson):
            break
        default: Issue.record()
        }
        switch MediaType(from: "application/json") {
        case .some(.application), .some(.applicationJson):
            break
        default: Issue.record()
        }
    }

    @Test(.explored(schedules: 300, seed: 1)) func testMediaTypeMisMatching() {
        switch MediaType.applicationJson {
        case MediaType(from: "application/json; charset=utf8")!:
            Issue.record()
        default: break
        }
        switch MediaType.application {
        case .applicationJson:
            Issue.record()
        default: break
        }
    }

    @Test(.explored(schedules: 300, seed: 1)) func testMediaTypeParameters() {
        let mediaType = MediaType(from: "application/json; charset=utf8")
        #expect(mediaType?.parameter?.name == "charset")
        #expect(mediaType?.parameter?.value == "utf8")
        let mediaType2 = MediaType(from: "multipart/form-data; boundary=\"---{}hello\"")
        #expect(mediaType2?.parameter?.name == "boundary")
        #expect(mediaType2?.parameter?.value == "---{}hello")
        let mediaType3 = MediaType.multipartForm.withParameter(name: "boundary", value: "----{}hello")
        #expect(mediaType3.parameter?.name == "boundary")
        #expect(mediaType3.parameter?.value == "----{}hello")
    }

    @Test(.explored(schedules: 300, seed: 1)) func testInvalidMediaTypes() {
        #expect(MediaType(from: "application/json; charset") == nil)
        #expect(MediaType(from: "appl2ication/json") == nil)
        #expect(MediaType(from: "application/json charset=utf8") == nil)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testMediaTypeEncoding() throws {
        let mediaType = MediaType.applicationJson.withParameter(name: "charset", value: "utf8")
        let encoded = try JSONEncoder().encode(mediaType)
        let encodedString = String(decoding: encoded, as: UTF8.self)
        #expect(encodedString == "\"application\\/json; charset=utf8\"")
    }

    @Test(.explored(schedules: 300, seed: 1)) func testMediaTypeDecoding() throws {
        let data = Data("\"application/json; charset=utf8\"".utf8)
        let mediaType = try JSONDecoder().decode(MediaType.self, from: data)
        #expect(mediaType.type == .application)
        #expect(mediaType.subType == "json")
        #expect(mediaType.parameter?.name == "charset")
        #expect(mediaType.parameter?.value == "utf8")
    }

    @Test(.explored(schedules: 300, seed: 1), arguments: [
        (ContentSecurityPolicy([.defaultSrc(.none)]), "default-src 'none'"),
        (ContentSecurityPolicy([.formAction(.scheme(.https))]), "form-action https:"),
        (ContentSecurityPolicy([.scriptSrc(.none, .unsafeEval)]), "script-src 'none' 'unsafe-eval'"),
        (ContentSecurityPolicy([.imgSrc("https://example.com")]), "img-src https://example.com"),
        (
            ContentSecurityPolicy([.styleSrc(.nonce("416d1177-4d12-4e3b-b7c9-f6c409789fb8"))]),
            "style-src 'nonce-416d1177-4d12-4e3b-b7c9-f6c409789fb8'"
        ),
        (ContentSecurityPolicy([.scriptSrcElem(.hash(.sha384, base64: "af5b120bb3"))]), "script-src-elem 'sha384-af5b120bb3'"),
        (ContentSecurityPolicy([.baseURI(.none)]), "base-uri 'none'"),
    ])
    func cspSingleDirective(_ csp: ContentSecurityPolicy, expectedOutput: String) {
        #expect(csp.description == expectedOutput)
    }

    @Test(.explored(schedules: 300, seed: 1), arguments: [
        (
            ContentSecurityPolicy([.defaultSrc(.self, "http://example.com"), .connectSrc(.none)]),
            "default-src 'self' http://example.com; connect-src 'none'"
        ),
        (
            ContentSecurityPolicy([.defaultSrc(.scheme(.https), .unsafeEval, .unsafeInline), .objectSrc(.none)]),
            "default-src https: 'unsafe-eval' 'unsafe-inline'; object-src 'none'"
        ),
        (
            ContentSecurityPolicy([.trustedTypes(.policyName("MyPolicy"), .allowDuplicates), .requireTrustedTypesFor(.script)]),
            "trusted-types MyPolicy 'allow-duplicates'; require-trusted-types-for 'script'"
        ),
    ])
    func cspMultipleDirectives(_ csp: ContentSecurityPolicy, expectedOutput: String) {
        #expect(csp.description == expectedOutput)
    }
}
