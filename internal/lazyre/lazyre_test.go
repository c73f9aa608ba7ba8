package lazyre

import "testing"

func TestNew(t *testing.T) {
	re := New(`^a+$`)
	if re() != re() {
		t.Error("two calls compiled twice")
	}
	if !re().MatchString("aaa") || re().MatchString("ab") {
		t.Error("wrong expression")
	}
	bad := New(`(`)
	defer func() {
		if recover() == nil {
			t.Error("a bad expression did not panic on first use")
		}
	}()
	bad()
}
