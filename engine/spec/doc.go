// Package spec is the engine's loader: it turns the YAML layers of a
// pipeline into one schema-valid [Spec], positioned value by value, which
// package engine compiles and runs.
//
// [Load] parses every layer (the base pipeline, then system, user, project,
// overlay and tool layers, then --set values), follows the base's extends
// chain, keeps each layer's parts for other pipelines out (for:), merges
// the rest with koanf (maps merge, lists replace) and validates the merge
// against the embedded JSON Schema. Diagnostics name the file, line and
// column of the value at fault; Spec.Pos and Spec.KeyPos give the same
// positions to the engine's own checks.
//
// The files:
//
//   - load.go: Load, LoadSettings, Layer and Set, type changes between
//     layers, --set positions.
//   - extends.go: parsing, the keys that only steer loading (extends,
//     pipeline, default_pipeline), the extends chain.
//   - scope.go: a layer's parts for pipelines (for:) and the family a
//     selector matches.
//   - layers.go: layer roles and reports, overrides, the undefined-entry
//     rule.
//   - locks.go: the lock rule (locked: and required:), in one place.
//   - layers_onfailure.go: on_failure:, which integrations read.
//   - registrations.go: the lists layers add to (tools, resources,
//     transforms) and who registered each entry.
//   - spec.go, spec_registrations.go, budget.go: the Spec and the types it
//     decodes into.
//
// The package shares no state with compile or run and imports nothing of
// package engine: a Spec is all it hands over (an architecture test holds
// the seam). What a lock means after loading (a locked param no caller may
// set, a locked or required section no budget cuts) is the engine's.
package spec
