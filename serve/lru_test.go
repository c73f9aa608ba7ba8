package serve

import "testing"

func TestLRUEvictsLeastRecentlyUsed(t *testing.T) {
	c := NewLRU[string, int](2)
	made := 0
	get := func(k string) int { return c.Get(k, func() int { made++; return made }) }
	a, b := get("a"), get("b")
	if get("a") != a { // a is now the most recent
		t.Fatal("a was made again")
	}
	get("c") // evicts b
	if c.Len() != 2 {
		t.Fatalf("Len = %d, want 2", c.Len())
	}
	if get("a") != a {
		t.Error("a was evicted, want b")
	}
	if get("b") == b {
		t.Error("b was kept, want it evicted and made again")
	}
}

// TestLRUOnEvict: every value the LRU drops is handed to the eviction
// function once, oldest first; a value that stays is not.
func TestLRUOnEvict(t *testing.T) {
	var dropped []int
	c := NewLRU[string, int](2).OnEvict(func(v int) { dropped = append(dropped, v) })
	c.Get("a", func() int { return 1 })
	c.Get("b", func() int { return 2 })
	c.Get("a", func() int { return 99 }) // a is now the most recent
	c.Get("c", func() int { return 3 })  // drops b
	c.Get("d", func() int { return 4 })  // drops a
	if len(dropped) != 2 || dropped[0] != 2 || dropped[1] != 1 {
		t.Fatalf("dropped %v, want [2 1]", dropped)
	}
	if c.Len() != 2 {
		t.Fatalf("len %d", c.Len())
	}
}
