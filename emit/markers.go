package emit

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// The managed markers. The begin line carries the checksum of what
// promptc wrote (a whole file's front matter and the block's body), so a
// block edited by hand is told from one promptc wrote.
const (
	beginPrefix = "<!-- promptc:begin sha256="
	beginSuffix = " (written by promptc emit from the rules source: edit the source, not this block) -->"
	endLine     = "<!-- promptc:end -->"
)

// checksum is the first 16 hex digits of SHA-256 of front and body.
func checksum(front, body string) string {
	h := sha256.Sum256([]byte(front + "\x00" + body))
	return hex.EncodeToString(h[:8])
}

// block is the managed block of f: begin line, body, end line.
func block(f File) string {
	return beginPrefix + checksum(f.Front, f.Body) + beginSuffix + "\n" + f.Body + endLine + "\n"
}

// managed is a managed block found in a file's text.
type managed struct {
	start, end int    // byte span of the block, end marker's line included
	sum        string // the checksum on the begin line
	body       string // text between the marker lines
}

// intact reports whether the block (with the file's front matter, for a
// whole file) is what promptc wrote.
func (m managed) intact(front string) bool { return m.sum == checksum(front, m.body) }

// findBlock finds the first managed block in text. ok is false when there
// is none; a begin without an end counts as none found but broken.
func findBlock(text string) (m managed, ok, broken bool) {
	i := lineStart(text, beginPrefix)
	if i < 0 {
		return m, false, false
	}
	line, rest, _ := strings.Cut(text[i:], "\n")
	sum := strings.TrimPrefix(line, beginPrefix)
	if j := strings.IndexByte(sum, ' '); j >= 0 {
		sum = sum[:j]
	}
	bodyStart := i + len(line) + 1
	if len(rest) == 0 && !strings.HasSuffix(text[i:], "\n") {
		return m, false, true
	}
	e := lineStart(text[bodyStart:], endLine)
	if e < 0 {
		return m, false, true
	}
	end := bodyStart + e + len(endLine)
	if end < len(text) && text[end] == '\n' {
		end++
	}
	return managed{start: i, end: end, sum: sum, body: text[bodyStart : bodyStart+e]}, true, false
}

// lineStart is the offset of the first line of text that starts with p.
func lineStart(text, p string) int {
	for off := 0; off <= len(text); {
		if strings.HasPrefix(text[off:], p) {
			return off
		}
		j := strings.IndexByte(text[off:], '\n')
		if j < 0 {
			return -1
		}
		off += j + 1
	}
	return -1
}

// wholeFront is the text of a whole file before its managed block (its
// front matter, as promptc wrote it).
func wholeFront(text string, m managed) string { return text[:m.start] }

// merge returns the new text of f given the file's current text (exists
// false: no file). conflict is non-empty when the current text may not be
// replaced without --force, saying why.
func merge(f File, cur string, exists bool) (next, conflict string) {
	if !exists {
		return f.Front + block(f), ""
	}
	m, ok, broken := findBlock(cur)
	if broken {
		return "", "its promptc:begin marker has no promptc:end line after it (edited by hand?)"
	}
	if f.Whole {
		if !ok {
			if adopts(f, stripFrontText(cur)) {
				return f.Front + block(f), ""
			}
			return f.Front + block(f), "it exists and was not written by promptc (no managed markers)"
		}
		next = f.Front + block(f) + cur[m.end:]
		if !m.intact(wholeFront(cur, m)) {
			return next, "its managed block or front matter was edited by hand (checksum mismatch)"
		}
		return next, ""
	}
	if !ok {
		if adopts(f, cur) {
			return block(f), ""
		}
		// A hand-written file: the block goes after its text, which stays
		// byte for byte.
		sep := ""
		if cur != "" {
			sep = "\n"
			if !strings.HasSuffix(cur, "\n") {
				sep = "\n\n"
			}
		}
		return cur + sep + block(f), ""
	}
	next = cur[:m.start] + block(f) + cur[m.end:]
	if !m.intact("") {
		return next, "its managed block was edited by hand (checksum mismatch)"
	}
	return next, ""
}

// unmerge returns the text of a file whose rules are all gone: a whole
// file goes (remove), a shared file keeps its other text, less the blank
// line promptc put before the block; a file left empty goes too.
func unmerge(whole bool, cur string) (next string, remove bool, conflict string) {
	m, ok, broken := findBlock(cur)
	if broken {
		return "", false, "its promptc:begin marker has no promptc:end line after it (edited by hand?)"
	}
	if !ok {
		return cur, false, ""
	}
	front := ""
	if whole {
		front = wholeFront(cur, m)
	}
	if !m.intact(front) {
		conflict = "its managed block was edited by hand (checksum mismatch)"
	}
	if whole {
		return "", true, conflict
	}
	before := cur[:m.start]
	if strings.HasSuffix(before, "\n\n") {
		before = before[:len(before)-1]
	}
	next = before + cur[m.end:]
	if strings.TrimSpace(next) == "" {
		return "", true, conflict
	}
	return next, false, conflict
}

// adopts reports whether a file promptc did not write says nothing but a
// rule of f (what init --from-existing read from it): emit then takes the
// file over instead of keeping a second copy of the text beside the block.
func adopts(f File, text string) bool {
	t := strings.TrimSpace(text)
	return t != "" && strings.Contains(f.Body, t)
}

// stripFrontText drops a leading front matter block, if any.
func stripFrontText(text string) string {
	if _, present, _, _ := frontMatter(text); present {
		return stripFront(text)
	}
	return text
}
