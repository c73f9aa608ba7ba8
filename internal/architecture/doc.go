// Package architecture holds no code: its tests pin the direction of the
// dependencies between promptc's packages, so that the layering the README
// describes cannot erode silently.
//
//	sources (the kind vocabulary; imports only diag and prov)
//	   ▲           ▲
//	sources/kinds/<kind>   engine (+ conditions, sections, schema, fscache, yamlpos)
//	   ▲                        ▲
//	sources/builtin        explain, bind, pipelines, cmd/promptc
//
// The engine never imports a kind; nothing above the engine imports a kind
// package except through sources/builtin, the one list of built-in kinds.
package architecture
