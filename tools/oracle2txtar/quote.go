package main

import "github.com/promptc/promptc/tools/txtargen"

// rootVar is how case.json writes the sandbox root.
const rootVar = "${ROOT}"

// workArg quotes s as one word in which every "${ROOT}" becomes the
// script's $WORK.
func workArg(s string) (string, error) { return txtargen.WorkArg(s, rootVar) }

// relArg quotes a root-relative path as a word that names it from $WORK,
// for commands run after the script has left $WORK.
func relArg(rel string) (string, error) {
	if rel == "" {
		return "$WORK", nil
	}
	return workArg(rootVar + "/" + rel)
}
