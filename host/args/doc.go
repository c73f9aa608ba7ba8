// Package args reads command lines the way promptc does: promptc's own
// flags, declared in Go ([Def]), and the flags the selected pipeline's
// params bind ([Bound]), which exist only once the pipeline is compiled.
// [Read] turns a command line (the CLI's, or a promptc serve request's
// args) into a [host.Request]: it reads the line leniently to find the
// pipeline, compiles it, then reads the line strictly with its flags.
package args
