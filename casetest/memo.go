package casetest

import "sync"

// memo holds values shared by the cases of one run: the CLI stores
// compiled pipelines there (see Env.Memo). Safe for concurrent use.
type memo struct{ m sync.Map }

type memoEntry struct {
	once sync.Once
	v    any
}

func (m *memo) get(key string, compute func() any) any {
	e, _ := m.m.LoadOrStore(key, &memoEntry{})
	me := e.(*memoEntry)
	me.once.Do(func() { me.v = compute() })
	return me.v
}
