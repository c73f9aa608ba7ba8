// Package budget holds the text arithmetic behind pipeline budgets and
// untrusted frames: a [Meter] that measures text in tokens (a named,
// offline BPE encoding) or bytes and finds cut points that never split a
// UTF-8 sequence, the cut strategies ([Cut]), and [Frame], which wraps a
// text in a frame it cannot close early.
//
// It is a leaf of the engine: it reads no file and keeps no state, and
// everything in it is deterministic.
package budget
