// Package prov holds the provenance records that sources attach to their
// values and that a build Result reports: which file contributed, and which
// candidate was left out and why.
package prov

// Origin records one file (or other input) that contributed to a source's
// value: the provenance promptc reports for every byte of the prompt.
type Origin struct {
	// Path is the absolute path as the reference system names it (symlinks
	// kept), or a pseudo path such as "flag:--system-prompt" for inputs that
	// are not files.
	Path string `json:"path"`
	// Role says what the file was used as, e.g. "context", "system", "skill".
	Role string `json:"role,omitempty"`
	// Bytes is the size of the content that was read.
	Bytes int `json:"bytes"`
	// Via is, for a file an @import pulled in, the chain of files that
	// imported it, outermost first, joined with " -> " (a string, so that
	// an Origin stays comparable).
	Via string `json:"via,omitempty"`
}

// Exclusion records a candidate that was considered and left out, with the
// reason, so that `promptc explain` can answer "why not".
type Exclusion struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
	// Detail names a related item, e.g. the winner of a name collision.
	Detail string `json:"detail,omitempty"`
}
