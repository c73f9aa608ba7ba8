package casetest

import (
	"sync"

	"github.com/promptc/promptc/explain"
)

// lazyTokens counts tokens with explain's default encoding (o200k_base),
// loading its vocabulary, which is large, only on the first count: a run
// whose cases all pass never loads it. Should the vocabulary fail to
// load, counts fall back to explain.Estimate. Safe for concurrent use.
type lazyTokens struct {
	load func() (explain.Tokenizer, error)
}

// newLazyTokens returns a counter that loads the named encoding ("" for
// the default) on first use.
func newLazyTokens(name string) *lazyTokens {
	return &lazyTokens{load: sync.OnceValues(func() (explain.Tokenizer, error) { return explain.NewTokenizer(name) })}
}

func (l *lazyTokens) Count(s string) int {
	t, err := l.load()
	if err != nil {
		return explain.Estimate(s)
	}
	return t.Count(s)
}

// NewTokenCounter returns a Counter with the named encoding ("" for
// o200k_base), loaded on first use.
func NewTokenCounter(name string) Counter { return newLazyTokens(name) }
