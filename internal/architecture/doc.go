// Package architecture holds no code: its tests pin the direction of the
// dependencies between promptc's packages, so that the layering the README
// describes cannot erode silently.
//
//	sources (the kind vocabulary;        engine/spec (the loader: layers, extends,
//	  imports only diag and prov)          locks; imports diag, schema, yamlpos)
//	   ▲           ▲                         ▲
//	   │           └─────────────┐   ┌───────┘
//	sources/kinds/<kind>         engine (+ conditions, sections, fscache)
//	   ▲                        ▲
//	sources/builtin        explain, bind, pipelines, config
//	                            ▲
//	                       host, host/args (layers, trust gate, params, plan cache)
//	                            ▲
//	                       serve, casetest, cmd/promptc
//
// The engine never imports a kind; nothing above the engine imports a kind
// package except through sources/builtin, the one list of built-in kinds.
// engine/spec, the loader, imports neither engine nor host, and the lock
// rule lives in its locks.go alone (spec_test.go). Nothing the engine depends on imports host; serve reaches no cmd/ code;
// cmd/promptc imports neither config nor bind (host_test.go).
// The vocabulary holds no operating-system code: the host's file system
// and its Linux fast paths are sources/osfs, Node's error wording is
// internal/port/js/nodeerr (osfs_test.go).
package architecture
