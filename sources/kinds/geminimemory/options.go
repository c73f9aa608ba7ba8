package geminimemory

import (
	"fmt"
	"path"

	"github.com/promptc/promptc/sources"
)

// DefaultName is the context file name Gemini CLI always reads (GM-10).
const DefaultName = "GEMINI.md"

// MaxImportDepth is the deepest import that is inlined (GM-8).
const MaxImportDepth = 5

// MaxImports and MaxImportBytes bound one Load's tree imports: at most
// 1,000 imports resolved, inlined or failed, and 4 MiB of inlined text
// (each inlining of a file counts its size). Past either, the import and
// every later one stay as written, with one warning (CodeImportLimit).
// Gemini CLI has no bound; promptc's keeps files that import each other
// many times over from growing a build exponentially.
const (
	MaxImports     = 1000
	MaxImportBytes = 4 << 20
)

// CodeImportLimit is the warning given when a Load's imports pass
// MaxImports or MaxImportBytes.
const CodeImportLimit = "geminimemory/import-limit"

// Options configures Load. Fields are addressed by their koanf tag.
type Options struct {
	// Cwd is the physical working directory, absolute (GM-4).
	Cwd string `koanf:"cwd"`
	// Home is $HOME; ~/.gemini is the global dir (GM-2).
	Home string `koanf:"home"`
	// FileNames replaces settings.json's context.fileName when non-empty.
	FileNames []string `koanf:"file_names"`
	// BoundaryMarkers replaces context.memoryBoundaryMarkers when set
	// (nil: the settings' value, else [".git"]) (GM-11).
	BoundaryMarkers []string `koanf:"boundary_markers"`
	// ImportFormat replaces context.importFormat when set: "tree" or
	// "flat" (GM-8, GM-9).
	ImportFormat string `koanf:"import_format"`
	// IncludeDirectories are --include-directories (GM-14).
	IncludeDirectories []string `koanf:"include_directories"`
	// Untrusted drops the project files (GM-13).
	Untrusted bool `koanf:"untrusted"`
}

var _ sources.OptionChecker = Options{}

// CheckOptions refuses relative paths and unknown import formats.
func (o Options) CheckOptions(pending func(string) bool) error {
	switch {
	case !pending("cwd") && !path.IsAbs(o.Cwd):
		return fmt.Errorf("gemini_memory: cwd %q is not an absolute path", o.Cwd)
	case !pending("home") && o.Home != "" && !path.IsAbs(o.Home):
		return fmt.Errorf("gemini_memory: home %q is not an absolute path", o.Home)
	case !pending("import_format") && o.ImportFormat != "" && o.ImportFormat != "tree" && o.ImportFormat != "flat":
		return fmt.Errorf("gemini_memory: import_format %q (valid: tree, flat)", o.ImportFormat)
	}
	return nil
}
