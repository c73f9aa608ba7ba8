package host

import "testing"

func TestLRUEvictsLeastRecentlyUsed(t *testing.T) {
	c := newLRU[string, int](2)
	made := 0
	get := func(k string) int { return c.get(k, func() int { made++; return made }) }
	a, b := get("a"), get("b")
	if get("a") != a { // a is now the most recent
		t.Fatal("a was made again")
	}
	get("c") // evicts b
	if c.size() != 2 {
		t.Fatalf("size = %d, want 2", c.size())
	}
	if get("a") != a {
		t.Error("a was evicted, want b")
	}
	if get("b") == b {
		t.Error("b was kept, want it evicted and made again")
	}
}

// TestLRUOnEvict: every value the lru drops is handed to the eviction
// function once, oldest first; a value that stays is not.
func TestLRUOnEvict(t *testing.T) {
	var dropped []int
	c := newLRU[string, int](2).onEvict(func(v int) { dropped = append(dropped, v) })
	c.get("a", func() int { return 1 })
	c.get("b", func() int { return 2 })
	c.get("a", func() int { return 99 }) // a is now the most recent
	c.get("c", func() int { return 3 })  // drops b
	c.get("d", func() int { return 4 })  // drops a
	if len(dropped) != 2 || dropped[0] != 2 || dropped[1] != 1 {
		t.Fatalf("dropped %v, want [2 1]", dropped)
	}
	if c.size() != 2 {
		t.Fatalf("len %d", c.size())
	}
}
