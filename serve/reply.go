package serve

import (
	"encoding/json"
	"slices"
	"sync"

	"github.com/promptc/promptc/engine"
)

// replyCache keeps the JSON of the last build reply of one warm Builder,
// so that a request over unchanged files does not encode the same Result
// again: at a thousand skills encoding the reply cost more than twice
// the warm build itself.
type replyCache struct {
	mu sync.Mutex
	// res is a copy of the Result json encodes, its Layers cloned: a
	// Result changed in place since (a bug) does not match it. It keeps
	// the Result's arrays alive, so no other Result can have them.
	res  *engine.Result
	json Encoded
}

// encode returns res's JSON: the cached bytes when res has the cached
// Result's content (sameContent), else res encoded afresh, which the
// cache then keeps. The bytes are shared: callers must not change them.
func (c *replyCache) encode(res *engine.Result) (Encoded, error) {
	c.mu.Lock()
	if c.res != nil && sameContent(c.res, res) {
		out := c.json
		c.mu.Unlock()
		return out, nil
	}
	c.mu.Unlock()
	out, err := json.Marshal(res)
	if err != nil {
		return nil, err
	}
	kept := *res
	kept.Layers = slices.Clone(res.Layers)
	c.mu.Lock()
	c.res, c.json = &kept, out
	c.mu.Unlock()
	return out, nil
}

// sameContent reports, without encoding them, that a and b encode alike:
// every field but Layers is equal or shares its backing array with b's
// — a warm Builder hands out one Result, never changed in place, and a
// session adds the layers it looked for to a copy — and the Layers are
// equal. A Result that was rebuilt has new arrays, so it is encoded
// again. TestSameContentKnowsResult keeps the field list whole.
func sameContent(a, b *engine.Result) bool {
	return a.Pipeline == b.Pipeline && a.Text == b.Text && a.Fallback == b.Fallback && a.Budget == b.Budget &&
		sameArray(a.Sections, b.Sections) && sameArray(a.Sources, b.Sources) && sameArray(a.Diagnostics, b.Diagnostics) &&
		sameArray(a.Overrides, b.Overrides) && sameArray(a.Runs, b.Runs) && sameArray(a.Cuts, b.Cuts) &&
		slices.Equal(a.Layers, b.Layers)
}

// sameArray reports whether a and b are the same elements of one array.
func sameArray[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
