package host

import (
	"container/list"
	"sync"
)

// lru is a map of at most cap entries that forgets the least recently
// used one when full. It is safe for concurrent use.
type lru[K comparable, V any] struct {
	cap   int
	evict func(V) // called, without the lock, for each value dropped
	mu    sync.Mutex
	order *list.List // front: most recent; values are *lruEntry
	items map[K]*list.Element
}

type lruEntry[K comparable, V any] struct {
	key K
	val V
}

// newLRU returns an LRU holding at most capacity entries (at least 1).
func newLRU[K comparable, V any](capacity int) *lru[K, V] {
	return &lru[K, V]{cap: max(capacity, 1), order: list.New(), items: map[K]*list.Element{}}
}

// onEvict makes the lru call f for every value it drops (after dropping
// it, without its lock), e.g. to release what the value holds. Set it
// before the first get.
func (c *lru[K, V]) onEvict(f func(V)) *lru[K, V] {
	c.evict = f
	return c
}

// get returns the value under k, computing and storing it with make on
// first use. make runs without the lock, so two first uses of one key at
// once may both compute; the first stored value wins and is returned to
// both.
func (c *lru[K, V]) get(k K, make func() V) V {
	if v, ok := c.lookup(k); ok {
		return v
	}
	v := make()
	c.mu.Lock()
	if el, ok := c.items[k]; ok {
		c.order.MoveToFront(el)
		c.mu.Unlock()
		return el.Value.(*lruEntry[K, V]).val
	}
	c.items[k] = c.order.PushFront(&lruEntry[K, V]{key: k, val: v})
	var dropped []V
	for c.order.Len() > c.cap {
		last := c.order.Back()
		c.order.Remove(last)
		e := last.Value.(*lruEntry[K, V])
		delete(c.items, e.key)
		dropped = append(dropped, e.val)
	}
	c.mu.Unlock()
	if c.evict != nil {
		for _, d := range dropped {
			c.evict(d)
		}
	}
	return v
}

func (c *lru[K, V]) lookup(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[k]; ok {
		c.order.MoveToFront(el)
		return el.Value.(*lruEntry[K, V]).val, true
	}
	var zero V
	return zero, false
}

// size is the number of entries.
func (c *lru[K, V]) size() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
