// Package serve is the transport of `promptc serve`: one long-lived
// process answering build and explain requests turn after turn, over
// standard input and output (newline-delimited JSON, for a host that
// spawns it as a child) or HTTP (on a loopback port or a unix socket).
//
// The transport ([Server]) knows requests, replies, limits and roots,
// not pipelines: it runs a [Handler] that turns a [Request] into a reply
// value. [Service] is promptc's handler: it opens each request through
// package host (the same layers, trust gate and params as the command
// line; the request's args read with the pipeline's flags by host/args).
// Between requests it keeps compiled plans and warm builders in package
// host's caches (host.PlanCache, host.BuilderCache: least recently used
// dropped) and, beside each builder, what is serve's own: the paths its
// roots refused and the builder's last reply. Every request is decoded
// strictly (unknown fields are an error), limited in size, run under a timeout with bounded concurrency,
// and refused before anything is read when its working directory lies
// outside the allowed [Roots]. A malformed request gets an [Error] reply
// and the server keeps serving; cancelling the serve context drains the
// requests in flight and returns nil.
package serve
