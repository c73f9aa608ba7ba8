package sources

// Builtins returns every source kind that ships with promptc, in
// alphabetical order. The CLI passes them to engine.NewRegistry; Go hosts
// may add their own kinds to the list.
func Builtins() []Kind {
	return []Kind{
		Catalog,
		ContextFiles,
		CowAgentSkills,
		ProjectTrust,
		PromptFile,
		PromptTemplates,
		RankedList,
		RuntimeRecord,
		Skills,
		ToolCatalog,
		WorkspaceFiles,
	}
}
