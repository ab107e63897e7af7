//
//  KingfisherManager.swift
//  Kingfisher
//
//  Created by Wei Wang on 15/4/6.
//
//  Copyright (c) 2019 Wei Wang <onevcat@gmail.com>
//
//  Permission is hereby granted, free of charge, to any person obtaining a copy
//  of this software and associated documentation files (the "Software"), to deal
//  in the Software without restriction, including without limitation the rights
//  to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
//  copies of the Software, and to permit persons to whom the Software is
//  furnished to do so, subject to the following conditions:
//
//  The above copyright notice and this permission notice shall be included in
//  all copies or substantial portions of the Software.
//
//  THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
//  IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
//  FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
//  AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
//  LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
//  OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
//  THE SOFTWARE.

// BugBench kernel: an EXCERPT of Sources/General/KingfisherManager.swift @ c5e09d4e83a6581fce447affb24d50de1d8b1b50 — the file's
// licence header and `import Foundation`, then `PropagationError` (lines 116-125) and
// `RetrievingContext` (lines 1210-1257) verbatim. The rest of the file (KingfisherManager, the
// retrieve/cache pipeline, AppKit/UIKit imports) is left out; see README.md.

import Foundation

/// A structure that stores related information about a ``KingfisherError``. It provides contextual information
/// to facilitate the identification of the error.
public struct PropagationError: Sendable {

    /// The ``Source`` to which current `error` is bound.
    public let source: Source

    /// The actual error happens in framework.
    public let error: KingfisherError
}

class RetrievingContext<SourceType>: @unchecked Sendable {

    private let propertyQueue = DispatchQueue(label: "com.onevcat.Kingfisher.RetrievingContextPropertyQueue")
    
    private var _options: KingfisherParsedOptionsInfo
    var options: KingfisherParsedOptionsInfo {
        get { propertyQueue.sync { _options } }
        set { propertyQueue.sync { _options = newValue } }
    }

    let originalSource: SourceType

    private var _propagationErrors: [PropagationError] = []
    var propagationErrors: [PropagationError] {
        propertyQueue.sync { _propagationErrors }
    }

    init(options: KingfisherParsedOptionsInfo, originalSource: SourceType) {
        self.originalSource = originalSource
        _options = options
    }

    func popAlternativeSource() -> Source? {
        // Perform the read-modify-write atomically. Accessing `_options` directly (instead of the
        // `options` accessor) keeps it within a single `propertyQueue.sync`, which both avoids a
        // re-entrant deadlock and prevents two concurrent failovers from popping the same source.
        propertyQueue.sync {
            guard var alternativeSources = _options.alternativeSources, !alternativeSources.isEmpty else {
                return nil
            }
            let nextSource = alternativeSources.removeFirst()
            _options.alternativeSources = alternativeSources
            return nextSource
        }
    }

    @discardableResult
    func appendError(_ error: KingfisherError, to source: Source) -> [PropagationError] {
        // `appendError` is called from `@Sendable` download completion handlers, which may run on
        // different threads across alternative-source failovers. Mutate the backing store under
        // `propertyQueue`, matching how `_options` is protected on this `@unchecked Sendable` type.
        let item = PropagationError(source: source, error: error)
        return propertyQueue.sync {
            _propagationErrors.append(item)
            return _propagationErrors
        }
    }
}
