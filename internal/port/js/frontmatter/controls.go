package frontmatter

import (
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// npm yaml keeps characters that yaml.v3 refuses or reads differently
// (pi spec X-18): C0 controls other than tab, LF and CR; DEL; the C1
// controls; U+FFFE and U+FFFF are "control characters are not allowed" to
// yaml.v3's reader, and yaml.v3 takes NEL, U+2028 and U+2029 as line
// breaks where npm yaml sees ordinary content. Before yaml.v3 reads the
// block each such character is swapped for a private-use placeholder that
// yaml.v3 treats as an ordinary character (one rune for one rune, so line
// and column positions do not move), and the placeholders are swapped back
// in every scalar of the parsed tree.

// hidden lists the characters that are swapped, in placeholder order.
var hidden = func() []rune {
	var rs []rune
	for r := rune(0); r < 0x20; r++ {
		if r != '\t' && r != '\n' && r != '\r' {
			rs = append(rs, r)
		}
	}
	rs = append(rs, 0x7F)
	for r := rune(0x80); r < 0xA0; r++ {
		rs = append(rs, r)
	}
	return append(rs, 0x2028, 0x2029, 0xFFFE, 0xFFFF)
}()

// placeholders maps a block of private-use code points starting at base
// onto hidden; the zero value swaps nothing.
type placeholders struct{ base rune }

// isHidden reports whether yaml.v3 would refuse or misread r.
func isHidden(r rune) bool {
	return r < 0x20 && r != '\t' && r != '\n' && r != '\r' ||
		r >= 0x7F && r < 0xA0 || r == 0x2028 || r == 0x2029 || r == 0xFFFE || r == 0xFFFF
}

// hideControls swaps every hidden character of text for its placeholder.
// The placeholder block is one the text does not use, so restore never
// turns an original character into something else.
func hideControls(text string) (string, placeholders) {
	if strings.IndexFunc(text, isHidden) < 0 {
		return text, placeholders{}
	}
	p := placeholders{base: freeBlock(text)}
	if p.base == 0 {
		return text, placeholders{} // every block taken: let yaml.v3 refuse the text
	}
	index := make(map[rune]rune, len(hidden))
	for i, r := range hidden {
		index[r] = p.base + rune(i)
	}
	return strings.Map(func(r rune) rune {
		if v, ok := index[r]; ok {
			return v
		}
		return r
	}, text), p
}

// freeBlock finds a block of len(hidden) code points in the supplementary
// private-use planes (U+F0000..U+10FFFD) that text does not use, or 0.
func freeBlock(text string) rune {
	const step = 0x100 // > len(hidden)
	used := map[rune]bool{}
	for _, r := range text {
		if r >= 0xF0000 {
			used[r&^(step-1)] = true
		}
	}
	for b := rune(0xF0000); b+step <= 0x10FFFE; b += step {
		if !used[b] {
			return b
		}
	}
	return 0
}

// restore swaps the placeholders in every scalar of the tree back.
func (p placeholders) restore(n *yaml.Node) {
	if p.base == 0 || n == nil {
		return
	}
	seen := map[*yaml.Node]bool{}
	var walk func(*yaml.Node)
	walk = func(n *yaml.Node) {
		if seen[n] {
			return
		}
		seen[n] = true
		n.Value = p.reveal(n.Value)
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(n)
}

// reveal swaps the placeholders of s back.
func (p placeholders) reveal(s string) string {
	if !strings.ContainsFunc(s, p.isPlaceholder) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if p.isPlaceholder(r) {
			return hidden[r-p.base]
		}
		return r
	}, s)
}

func (p placeholders) isPlaceholder(r rune) bool {
	return r >= p.base && r < p.base+rune(len(hidden)) && r <= utf8.MaxRune
}
