// Package serve is the transport of `promptc serve`: one long-lived
// process answering build and explain requests turn after turn, over
// standard input and output (newline-delimited JSON, for a host that
// spawns it as a child) or HTTP (on a loopback port or a unix socket).
//
// The transport ([Server]) knows requests, replies, limits and roots,
// not pipelines: it runs a [Handler] that turns a [Request] into a reply
// value. [Service] is promptc's handler: it opens each request through
// package host (the same layers, trust gate and params as the command
// line; the request's args read with the pipeline's flags by host/args)
// and keeps compiled plans, warm builders (least recently used dropped)
// and each builder's last reply between requests. Every request is decoded strictly (unknown fields are an
// error), limited in size, run under a timeout with bounded concurrency,
// and refused before anything is read when its working directory lies
// outside the allowed [Roots]. A malformed request gets an [Error] reply
// and the server keeps serving; cancelling the serve context drains the
// requests in flight and returns nil.
package serve
