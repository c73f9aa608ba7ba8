package explain

import (
	"fmt"
	"strings"

	"github.com/tiktoken-go/tokenizer"

	"github.com/promptc/promptc/internal/port/js/jsstr"
)

// Tokenizer counts tokens. Implementations must be safe for concurrent
// use.
type Tokenizer interface {
	// Name is the encoding's name, e.g. "o200k_base".
	Name() string
	// Count returns the number of tokens in s.
	Count(s string) int
}

// DefaultTokenizer is the encoding used when none is named.
const DefaultTokenizer = "o200k_base"

// Tokenizers lists the encodings NewTokenizer accepts.
func Tokenizers() []string { return []string{"o200k_base", "cl100k_base"} }

// NewTokenizer returns the named BPE encoding. The vocabularies are
// compiled into the binary, so counting works offline. Special-token text
// such as "<|endoftext|>" is counted as ordinary text.
func NewTokenizer(name string) (Tokenizer, error) {
	var enc tokenizer.Encoding
	switch name {
	case "", "o200k_base":
		enc = tokenizer.O200kBase
	case "cl100k_base":
		enc = tokenizer.Cl100kBase
	default:
		return nil, fmt.Errorf("unknown tokenizer %q (known: %s)", name, strings.Join(Tokenizers(), ", "))
	}
	c, err := tokenizer.Get(enc)
	if err != nil {
		return nil, err
	}
	c.SetErrorMode(tokenizer.ErrorModeReplace)
	return bpe{c}, nil
}

type bpe struct{ c tokenizer.Codec }

func (b bpe) Name() string { return b.c.GetName() }

func (b bpe) Count(s string) int {
	n, err := b.c.Count(s)
	if err != nil { // only a regexp time-out; cannot happen without one
		return 0
	}
	return n
}

// Estimate is pi's token heuristic, ceil(length / 4), where length counts
// UTF-16 code units as JavaScript's String.length does.
func Estimate(s string) int {
	return (jsstr.Len(s) + 3) / 4
}
