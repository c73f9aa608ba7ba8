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
