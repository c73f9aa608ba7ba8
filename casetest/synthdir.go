package casetest

import "io/fs"

// SynthDirInfo is the FileInfo of a directory that exists only in a view
// of the file system (mode 0755, no size, zero time), as the sandbox's
// ancestors of the case root are; promptc check's view synthesizes its
// own the same way.
func SynthDirInfo(name string) fs.FileInfo { return dirInfo(name) }

// SynthDir is an open synthesized directory named name, listing entries.
func SynthDir(name string, entries []fs.DirEntry) fs.ReadDirFile {
	return &ancestorDir{info: dirInfo(name), entries: entries}
}
