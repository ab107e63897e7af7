// Ported from hummingbird 2.28.1, Tests/HummingbirdTests/CookiesTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - one trait added to each of its 19 Swift Testing `@Test`s.
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
import HummingbirdTesting
import Testing

@testable import Hummingbird

extension HTTPTests {
    struct CookieTests {
        @Test(.explored(schedules: 300, seed: 1)) func testNameValue() {
            let cookie = Cookie(from: "name=value")
            #expect(cookie?.name == "name")
            #expect(cookie?.value == "value")
            #expect(cookie?.description == "name=value")
        }

        @Test(.explored(schedules: 300, seed: 1)) func testPropertyOutput() {
            let cookie = Cookie(from: "name=value; Expires=Wed, 21 Oct 2015 07:28:00 GMT")
            #expect(cookie?.description == "name=value; Expires=Wed, 21 Oct 2015 07:28:00 GMT")
        }

        @Test(.explored(schedules: 300, seed: 1)) func testExpires() {
            let cookie = Cookie(from: "name=value; Expires=Wed, 21 Oct 2015 07:28:00 GMT")
            #expect(cookie?.expires == Date(httpHeader: "Wed, 21 Oct 2015 07:28:00 GMT"))
        }

        @Test(.explored(schedules: 300, seed: 1)) func testDomain() {
            let cookie = Cookie(from: "name=value; Domain=test.com")
            #expect(cookie?.domain == "test.com")
        }

        @Test(.explored(schedules: 300, seed: 1)) func testPath() {
            let cookie = Cookie(from: "name=value; Path=/test")
            #expect(cookie?.path == "/test")
        }

        @Test(.explored(schedules: 300, seed: 1)) func testMaxAge() {
            let cookie = Cookie(from: "name=value; Max-Age=3600")
            #expect(cookie?.maxAge == 3600)
        }

        @Test(.explored(schedules: 300, seed: 1)) func testSecure() {
            let cookie = Cookie(from: "name=value; Secure")
            #expect(cookie?.secure == true)
        }

        @Test(.explored(schedules: 300, seed: 1)) func testHttpOnly() {
            let cookie = Cookie(from: "name=value; HttpOnly")
            #expect(cookie?.httpOnly == true)
        }

        @Test(.explored(schedules: 300, seed: 1)) func testSameSite() {
            let cookie = Cookie(from: "name=value; SameSite=Strict")
            #expect(cookie?.sameSite == .strict)
        }

        @Test(.explored(schedules: 300, seed: 1)) func testSingleRequestCookie() throws {
            let cookies = Cookies(from: ["name=value"])
            let cookie = try #require(cookies["name"])
            #expect(cookie.value == "value")
        }

        @Test(.explored(schedules: 300, seed: 1)) func testMultipleRequestCookie() throws {
            let cookies = Cookies(from: ["name=value; name2=value2"])
            let cookie = try #require(cookies["name"])
            #expect(cookie.value == "value")
            let cookie2 = try #require(cookies["name2"])
            #expect(cookie2.value == "value2")
        }

        @Test(.explored(schedules: 300, seed: 1)) func testMultipleHeadersRequestCookie() throws {
            let cookies = Cookies(from: ["name=value; name2=value2", "name3=value3"])
            let cookie = try #require(cookies["name"])
            #expect(cookie.value == "value")
            let cookie2 = try #require(cookies["name2"])
            #expect(cookie2.value == "value2")
            let cookie3 = try #require(cookies["name3"])
            #expect(cookie3.value == "value3")
        }

        @Test(.explored(schedules: 300, seed: 1)) func testSetCookie() async throws {
            let router = Router()
            router.post("/") { _, _ -> Response in
                var response = Response(status: .ok, headers: [:], body: .init())
                response.setCookie(.init(name: "test", value: "value"))
                return response
            }
            let app = Application(responder: router.buildResponder())
            try await app.test(.router) { client in
                try await client.execute(uri: "/", method: .post) { response in
                    #expect(response.headers[.setCookie] == "test=value; HttpOnly")
                }
            }
        }

        @Test(.explored(schedules: 300, seed: 1)) func testSetCookieViaRequest() async throws {
            let router = Router()
            router.post("/") { _, _ in
                EditedResponse(headers: [.setCookie: Cookie(name: "test", value: "value").description], response: "Hello")
            }
            let app = Application(responder: router.buildResponder())
            try await app.test(.router) { client in
                try await client.execute(uri: "/", method: .post) { response in
                    #expect(response.headers[.setCookie] == "test=value; HttpOnly")
                }
            }
        }

        @Test(.explored(schedules: 300, seed: 1)) func testReadCookieFromRequest() async throws {
            let router = Router()
            router.post("/") { request, _ -> String? in
                request.cookies["test"]?.value
            }
            let app = Application(responder: router.buildResponder())
            try await app.test(.router) { client in
                try await client.execute(uri: "/", method: .post, headers: [.cookie: "test=value"]) { response in
                    #expect(String(buffer: response.body) == "value")
                }
            }
        }
    }

    @Test(.explored(schedules: 300, seed: 1)) func testValidatedCookieSuccess() throws {
        let cookie = try Cookie.validated(name: "session", value: "abcdef1234")
        #expect(cookie.name == "session")
        #expect(cookie.value == "abcdef1234")
        #expect(cookie.httpOnly == true)
        #expect(cookie.secure == false)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testValidatedCookieWithSameSite() throws {
        let cookie = try Cookie.validated(name: "foo", value: "bar", sameSite: .strict)
        #expect(cookie.name == "foo")
        #expect(cookie.value == "bar")
        #expect(cookie.sameSite == .strict)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testValidatedCookieInvalidName() {
        #expect(throws: Cookie.ValidationError.self) {
            try Cookie.validated(name: "invalid;name", value: "value")
        }
        #expect(throws: Cookie.ValidationError.self) {
            try Cookie.validated(name: "invalid;name", value: "value", sameSite: .strict)
        }
    }

    @Test(.explored(schedules: 300, seed: 1)) func testValidatedCookieInvalidValue() {
        #expect(throws: Cookie.ValidationError.self) {
            try Cookie.validated(name: "name", value: "inv\u{7F}alid")
        }
        #expect(throws: Cookie.ValidationError.self) {
            try Cookie.validated(name: "name", value: "inv\u{7F}alid", sameSite: .strict)
        }
    }
}
