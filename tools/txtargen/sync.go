package txtargen

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
)

// ErrStale reports that Sync in check mode found scripts that differ from
// what the generator would write.
var ErrStale = errors.New("scripts are stale; rerun without -check")

// Sync makes the files of dir that match pattern (a filepath.Match pattern
// such as "cow_*.txtar") equal to want, keyed by base name: it writes the
// missing or changed ones and removes the others. Files already equal are
// not touched. With check it changes nothing, reports each difference on
// report and returns ErrStale if there was any.
func Sync(dir, pattern string, want map[string][]byte, check bool, report io.Writer) error {
	for name := range want {
		if ok, err := filepath.Match(pattern, name); err != nil || !ok || filepath.Base(name) != name {
			return fmt.Errorf("script name %q does not match %q", name, pattern)
		}
	}
	if !check {
		if err := os.MkdirAll(dir, 0o777); err != nil {
			return err
		}
	}
	old, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil {
		return err
	}
	stale := false
	for _, p := range old {
		if _, ok := want[filepath.Base(p)]; ok {
			continue
		}
		stale = true
		if check {
			fmt.Fprintf(report, "%s: no such case any more\n", p)
		} else if err := os.Remove(p); err != nil {
			return err
		}
	}
	for _, name := range slices.Sorted(maps.Keys(want)) {
		p := filepath.Join(dir, name)
		if have, err := os.ReadFile(p); err == nil && bytes.Equal(have, want[name]) {
			continue
		}
		stale = true
		if check {
			fmt.Fprintf(report, "%s: stale or missing\n", p)
		} else if err := os.WriteFile(p, want[name], 0o666); err != nil {
			return err
		}
	}
	if check && stale {
		return ErrStale
	}
	return nil
}
