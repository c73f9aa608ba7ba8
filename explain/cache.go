package explain

import (
	"fmt"
	"strings"
)

// cache measures the stable prefix: the bytes before the first active
// volatile section, which a provider can cache from turn to turn. A
// volatile section followed by stable ones is a warning, because
// everything after it is re-sent uncached each time it changes.
func (b *builder) cache() {
	c := &b.rep.Cache
	c.Volatile = []string{}
	c.StableBytes = len(b.res.Text)
	first := true
	for i, s := range b.rep.Sections {
		if !s.Active || !s.Volatile {
			continue
		}
		c.Volatile = append(c.Volatile, s.ID)
		if first {
			c.StableBytes, first = s.Start, false
		}
		var after []string
		for _, t := range b.rep.Sections[i+1:] {
			if t.Active && !t.Volatile {
				after = append(after, fmt.Sprintf("%q", t.ID))
			}
		}
		if len(after) > 0 {
			b.warn(CodeVolatileFirst, s.ID, fmt.Sprintf("volatile section %q comes before stable section%s %s: each change to it invalidates the provider's prompt cache from byte %d on; move it after them",
				s.ID, plural(len(after)), strings.Join(after, ", "), s.Start))
		}
	}
	c.StableTokens = b.tok.Count(b.res.Text[:c.StableBytes])
}

func (b *builder) warn(code, section, msg string) {
	b.rep.Warnings = append(b.rep.Warnings, Warning{Code: code, Section: section, Message: msg})
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
