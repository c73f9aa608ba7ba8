// Package builtin lists the source kinds that ship with promptc. It is the
// one place a built-in kind is registered: adding a kind is a new package
// under sources/kinds and one line here.
package builtin

import (
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/kinds/capturedbase"
	"github.com/promptc/promptc/sources/kinds/catalog"
	"github.com/promptc/promptc/sources/kinds/claudemd"
	"github.com/promptc/promptc/sources/kinds/codexdocs"
	"github.com/promptc/promptc/sources/kinds/contextfiles"
	"github.com/promptc/promptc/sources/kinds/copilotinstr"
	"github.com/promptc/promptc/sources/kinds/cowagentsession"
	"github.com/promptc/promptc/sources/kinds/cowagentskills"
	"github.com/promptc/promptc/sources/kinds/file"
	"github.com/promptc/promptc/sources/kinds/geminimemory"
	"github.com/promptc/promptc/sources/kinds/opencodeinstr"
	"github.com/promptc/promptc/sources/kinds/projecttrust"
	"github.com/promptc/promptc/sources/kinds/promptfile"
	"github.com/promptc/promptc/sources/kinds/prompttemplates"
	"github.com/promptc/promptc/sources/kinds/rankedlist"
	"github.com/promptc/promptc/sources/kinds/runtimerecord"
	"github.com/promptc/promptc/sources/kinds/skills"
	"github.com/promptc/promptc/sources/kinds/toolcatalog"
	"github.com/promptc/promptc/sources/kinds/workspacefiles"
)

// Kinds returns a new instance of every built-in source kind, sorted by
// name. The CLI passes them to engine.NewRegistry; Go hosts may append
// kinds of their own.
func Kinds() []sources.Kind {
	return []sources.Kind{
		capturedbase.New(),
		catalog.New(),
		claudemd.New(),
		codexdocs.New(),
		contextfiles.New(),
		cowagentsession.New(),
		cowagentskills.New(),
		file.New(),
		geminimemory.New(),
		opencodeinstr.New(),
		copilotinstr.New(),
		projecttrust.New(),
		promptfile.New(),
		prompttemplates.New(),
		rankedlist.New(),
		runtimerecord.New(),
		skills.New(),
		toolcatalog.New(),
		workspacefiles.New(),
	}
}
