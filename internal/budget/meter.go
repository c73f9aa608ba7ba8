package budget

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tiktoken-go/tokenizer"
)

// Units.
const (
	UnitTokens = "tokens"
	UnitBytes  = "bytes"
)

// DefaultTokenizer is the encoding a tokens budget uses when it names none.
const DefaultTokenizer = "o200k_base"

// Tokenizers lists the encodings NewMeter accepts, sorted.
func Tokenizers() []string { return []string{"cl100k_base", "o200k_base"} }

// Meter measures text in one unit. Implementations are safe for concurrent
// use and deterministic.
type Meter interface {
	// Unit is UnitTokens or UnitBytes.
	Unit() string
	// Name is the tokenizer's name, or "bytes".
	Name() string
	// Count returns the size of s.
	Count(s string) int
	// Prefix returns the length in bytes of a prefix of s of at most n
	// units that ends on a rune boundary.
	Prefix(s string, n int) int
	// Suffix returns the offset at which a suffix of s of at most n units
	// starts, on a rune boundary.
	Suffix(s string, n int) int
	// Starts returns the byte offset at which each unit of s starts, in
	// order (len(Starts(s)) == Count(s)); nil means the caller counts
	// parts of s by themselves (always for bytes, where that is free).
	Starts(s string) []int
}

// NewMeter returns the meter of unit ("" means tokens); tokenizer names
// the BPE encoding of a tokens meter ("" means DefaultTokenizer).
func NewMeter(unit, tok string) (Meter, error) {
	switch unit {
	case UnitBytes:
		return bytesMeter{}, nil
	case "", UnitTokens:
	default:
		return nil, fmt.Errorf("unknown budget unit %q (known: tokens, bytes)", unit)
	}
	var enc tokenizer.Encoding
	switch tok {
	case "", "o200k_base":
		enc = tokenizer.O200kBase
	case "cl100k_base":
		enc = tokenizer.Cl100kBase
	default:
		return nil, fmt.Errorf("unknown tokenizer %q (known: %s)", tok, strings.Join(Tokenizers(), ", "))
	}
	c, err := tokenizer.Get(enc)
	if err != nil {
		return nil, err
	}
	c.SetErrorMode(tokenizer.ErrorModeReplace)
	return tokenMeter{c}, nil
}

type bytesMeter struct{}

func (bytesMeter) Unit() string       { return UnitBytes }
func (bytesMeter) Name() string       { return UnitBytes }
func (bytesMeter) Count(s string) int { return len(s) }

func (bytesMeter) Starts(string) []int { return nil }

func (bytesMeter) Prefix(s string, n int) int { return runeStartAtOrBefore(s, min(max(n, 0), len(s))) }

func (bytesMeter) Suffix(s string, n int) int {
	return runeStartAtOrAfter(s, len(s)-min(max(n, 0), len(s)))
}

type tokenMeter struct{ c tokenizer.Codec }

func (m tokenMeter) Unit() string { return UnitTokens }
func (m tokenMeter) Name() string { return m.c.GetName() }

func (m tokenMeter) Count(s string) int {
	n, err := m.c.Count(s)
	if err != nil { // only a regexp time-out; there is none
		return len(s)
	}
	return n
}

// Starts tokenizes s once and returns where each token starts.
func (m tokenMeter) Starts(s string) []int {
	_, toks, err := m.c.Encode(s)
	if err != nil {
		return nil
	}
	out := make([]int, len(toks))
	off := 0
	for i, t := range toks {
		out[i] = off
		off += len(t)
	}
	if off != len(s) { // invalid UTF-8 was replaced: offsets do not map back
		return nil
	}
	return out
}

// Prefix tokenizes a window of s that grows until it holds n tokens (every
// token is at least one byte, so a window of n bytes holds at most n), and
// cuts after the n-th token, backing off to a rune start because a BPE
// token may end inside a multibyte character.
func (m tokenMeter) Prefix(s string, n int) int {
	if n <= 0 {
		return 0
	}
	for w := min(len(s), 8*n+64); ; w = min(len(s), 2*w) {
		_, toks, err := m.c.Encode(s[:w])
		if err != nil {
			return runeStartAtOrBefore(s, min(n, len(s)))
		}
		if len(toks) > n || w == len(s) {
			off := 0
			for _, t := range toks[:min(n, len(toks))] {
				off += len(t)
			}
			return runeStartAtOrBefore(s, min(off, len(s)))
		}
	}
}

// Suffix is Prefix from the end: it tokenizes a growing tail window and
// keeps its last n tokens, moving forward to a rune start.
func (m tokenMeter) Suffix(s string, n int) int {
	if n <= 0 {
		return len(s)
	}
	for w := min(len(s), 8*n+64); ; w = min(len(s), 2*w) {
		start := runeStartAtOrAfter(s, len(s)-w)
		_, toks, err := m.c.Encode(s[start:])
		if err != nil {
			return runeStartAtOrAfter(s, len(s)-min(n, len(s)))
		}
		if len(toks) > n || start == 0 {
			off := 0
			for _, t := range toks[len(toks)-min(n, len(toks)):] {
				off += len(t)
			}
			return runeStartAtOrAfter(s, len(s)-min(off, len(s)))
		}
	}
}

// runeStartAtOrBefore moves i back to the start of the rune it is in.
func runeStartAtOrBefore(s string, i int) int {
	for i > 0 && i < len(s) && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}

// runeStartAtOrAfter moves i forward to the next rune start.
func runeStartAtOrAfter(s string, i int) int {
	for i < len(s) && i > 0 && !utf8.RuneStart(s[i]) {
		i++
	}
	return i
}
