//go:build tools

// Package tools pins module dependencies that are not yet imported by code.
package tools

import (
	_ "github.com/Masterminds/sprig/v3"
	_ "github.com/expr-lang/expr"
	_ "github.com/knadh/koanf/providers/confmap"
	_ "github.com/knadh/koanf/v2"
	_ "github.com/rogpeppe/go-internal/testscript"
	_ "github.com/santhosh-tekuri/jsonschema/v5"
)
