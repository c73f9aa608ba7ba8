package casetest

import (
	"bytes"
	"strings"
)

// archive is a txtar file read the way golang.org/x/tools/txtar reads it,
// keeping where each part is: the comment and each file's data as byte
// ranges of the raw text and the line of each file's marker, so that
// errors can be positioned and a file's data replaced with every other
// byte kept.
type archive struct {
	raw     []byte
	comment span
	files   []archiveFile
}

// span is the byte range [start, end) of raw.
type span struct{ start, end int }

type archiveFile struct {
	name string
	line int  // 1-based line of the "-- name --" marker
	data span // the bytes after the marker line, up to the next marker
}

// parseArchive splits raw at its file markers: lines that start with
// "-- " and end with " --" (a CR before the newline allowed), the name
// being what is between, trimmed. A marker with an empty name is not a
// marker, as in txtar.
func parseArchive(raw []byte) *archive {
	a := &archive{raw: raw}
	cur := &a.comment
	line := 1
	for pos := 0; pos < len(raw); line++ {
		end := bytes.IndexByte(raw[pos:], '\n')
		next := len(raw)
		if end >= 0 {
			next = pos + end + 1
		}
		if name := markerName(raw[pos:next]); name != "" {
			cur.end = pos
			a.files = append(a.files, archiveFile{name: name, line: line, data: span{next, next}})
			cur = &a.files[len(a.files)-1].data
		}
		pos = next
	}
	cur.end = len(raw)
	return a
}

// markerName is the file name of a marker line, or "". Only a marker's
// name is copied: archives hold files of megabytes.
func markerName(line []byte) string {
	l := bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
	if !bytes.HasPrefix(l, []byte("-- ")) || !bytes.HasSuffix(l, []byte(" --")) || len(l) < len("-- ")+len(" --") {
		return ""
	}
	return strings.TrimSpace(string(l[len("-- ") : len(l)-len(" --")]))
}

// text is the data of s as txtar gives it: with a final newline added
// when it is non-empty and has none (only the archive's last file can
// lack one).
func (a *archive) text(s span) []byte {
	d := a.raw[s.start:s.end]
	if len(d) > 0 && d[len(d)-1] != '\n' {
		d = append(append([]byte(nil), d...), '\n')
	}
	return d
}

// lineAt is the 1-based line of byte offset off.
func (a *archive) lineAt(off int) int {
	return 1 + bytes.Count(a.raw[:off], []byte("\n"))
}

// replace returns raw with the data of file i replaced by data (which
// must end in a newline unless it is empty), every other byte kept.
func (a *archive) replace(i int, data []byte) []byte {
	s := a.files[i].data
	out := make([]byte, 0, len(a.raw)-(s.end-s.start)+len(data))
	out = append(out, a.raw[:s.start]...)
	out = append(out, data...)
	return append(out, a.raw[s.end:]...)
}
