package frontmatter

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestZZCount(t *testing.T) {
	for _, root := range strings.Split(os.Getenv("ZZROOTS"), ",") {
		hit, miss := 0, 0
		var ex []string
		filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
			if err != nil || info.IsDir() || !strings.HasSuffix(p, ".md") {
				return nil
			}
			b, _ := os.ReadFile(p)
			s := strings.ReplaceAll(string(b), "\r\n", "\n")
			if !strings.HasPrefix(s, "---\n") {
				return nil
			}
			end := strings.Index(s[4:], "\n---")
			if end < 0 {
				return nil
			}
			fm := s[4 : 4+end+1]
			if _, ok := simpleMapping(fm); ok {
				hit++
			} else {
				miss++
				if len(ex) < 4 {
					ex = append(ex, fm)
				}
			}
			return nil
		})
		t.Logf("%s: hit %d miss %d", root, hit, miss)
		for _, e := range ex {
			t.Logf("MISS:\n%s", e)
		}
	}
}
