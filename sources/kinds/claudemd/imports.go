package claudemd

import (
	"path"
	"regexp"
	"strings"

	"github.com/promptc/promptc/internal/lazyre"
)

var importRe = lazyre.New(`(?:^|\s)@((?:[^\s\\]|\\ )+)`)

// maskCodeSpans blanks out inline code spans (a run of n backticks up to
// the next run of exactly n), so that no import is found inside one.
func maskCodeSpans(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); {
		if b[i] != '`' {
			i++
			continue
		}
		n := 0
		for i+n < len(b) && b[i+n] == '`' {
			n++
		}
		end := -1
		for j := i + n; j < len(b); {
			if b[j] != '`' {
				j++
				continue
			}
			m := 0
			for j+m < len(b) && b[j+m] == '`' {
				m++
			}
			if m == n {
				end = j + m
				break
			}
			j += m
		}
		if end < 0 {
			i += n
			continue
		}
		for k := i; k < end; k++ {
			if b[k] != '\n' {
				b[k] = ' '
			}
		}
		i = end
	}
	return string(b)
}

// importPaths lists the import targets of the text runs, in order,
// resolved against dir with "~/" as home (CC-12).
func importPaths(runs []string, dir, home string) []string {
	var out []string
	for _, run := range runs {
		for _, m := range importRe().FindAllStringSubmatch(maskCodeSpans(run), -1) {
			p := m[1]
			if i := strings.IndexByte(p, '#'); i >= 0 {
				p = p[:i]
			}
			p = strings.ReplaceAll(p, `\ `, " ")
			switch {
			case p == "" || p == "/":
				continue
			case strings.HasPrefix(p, "~/"):
				if home == "" {
					continue
				}
				p = path.Join(home, p[2:])
			case strings.HasPrefix(p, "/"):
				p = path.Clean(p)
			case strings.HasPrefix(p, "./") || validStart(p[0]):
				p = path.Join(dir, p)
			default:
				continue
			}
			out = append(out, p)
		}
	}
	return out
}

func validStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-'
}

// binaryExts are extensions whose files are never imported (CC-12: only
// text files are). The list is promptc's: common image, audio, video,
// archive, font and executable formats.
var binaryExts = map[string]bool{
	".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true, ".bmp": true, ".ico": true, ".tiff": true, ".svgz": true,
	".pdf": true, ".zip": true, ".gz": true, ".tgz": true, ".tar": true, ".bz2": true, ".xz": true, ".7z": true, ".rar": true,
	".mp3": true, ".mp4": true, ".wav": true, ".ogg": true, ".mov": true, ".avi": true, ".webm": true, ".flac": true,
	".exe": true, ".dll": true, ".so": true, ".dylib": true, ".bin": true, ".o": true, ".a": true, ".class": true, ".jar": true,
	".woff": true, ".woff2": true, ".ttf": true, ".otf": true, ".eot": true, ".wasm": true, ".pyc": true, ".sqlite": true, ".db": true,
}

func textFile(p string) bool { return !binaryExts[strings.ToLower(path.Ext(p))] }

// inside reports whether p is dir or below it.
func inside(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}

// globRe turns a claudeMdExcludes glob into a regexp over absolute paths:
// "**/" is any number of directories, "**" anything, "*" and "?" stay in
// one path element.
func globRe(g string) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(g); i++ {
		switch c := g[i]; {
		case strings.HasPrefix(g[i:], "**/"):
			b.WriteString("(?:.*/)?")
			i += 2
		case strings.HasPrefix(g[i:], "**"):
			b.WriteString(".*")
			i++
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?':
			b.WriteString("[^/]")
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("$")
	return regexp.Compile(b.String())
}
