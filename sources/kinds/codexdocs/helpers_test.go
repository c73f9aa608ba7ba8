package codexdocs_test

import (
	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/sources"
)

func envOf() sources.Env { return sources.Env{FS: oracletest.DirFS()} }
