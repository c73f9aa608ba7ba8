// Package serve is the transport of `promptc serve`: one long-lived
// process answering build and explain requests turn after turn, over
// standard input and output (newline-delimited JSON, for a host that
// spawns it as a child) or HTTP (on a loopback port or a unix socket).
//
// The package knows requests, replies, limits and roots, not pipelines:
// the host supplies a [Handler] that turns a [Request] into a reply
// value. Every request is decoded strictly (unknown fields are an
// error), limited in size, run under a timeout with bounded concurrency,
// and refused before anything is read when its working directory lies
// outside the allowed [Roots]. A malformed request gets an [Error] reply
// and the server keeps serving; cancelling the serve context drains the
// requests in flight and returns nil.
package serve
