package explain_test

import (
	"bytes"
	"context"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/promptc/promptc/internal/testkit/suite"
)

// chromium returns the headless browser, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	chromiumSuite.Skip(t, "chromium is not installed (Debian: apt-get install chromium)")
	return ""
}

// chromiumSuite is the tests that render the page in chromium: announced
// when they skip, a failure where CI requires them.
var chromiumSuite = &suite.Suite{Name: suite.ChromiumHTML}

// runChromium runs the browser headless, offline and without a profile.
func runChromium(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir()}
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, stderr.String())
	}
	return out
}

var (
	preRe  = regexp.MustCompile(`(?s)<pre id="prompt">(.*?)</pre>`)
	spanRe = regexp.MustCompile(`<span class="sec[ "][^>]*>`)
	tagRe  = regexp.MustCompile(`<[^>]*>`)
)

// TestHTMLInChromium renders the page in a real browser and checks the
// DOM it built: one span per active section, the prompt's text byte for
// byte, the script ran and the detail panel follows the pointer. It also
// takes a screenshot (kept under $PROMPTC_SCREENSHOTS when set).
func TestHTMLInChromium(t *testing.T) {
	bin := chromium(t)
	for _, f := range []fixture{fixtures[0], fixtures[3]} {
		t.Run(f.name, func(t *testing.T) {
			res, rep, _ := f.run(t)
			dir := t.TempDir()
			page := filepath.Join(dir, "page.html")
			var buf bytes.Buffer
			if err := rep.WriteHTML(&buf); err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(buf.Bytes(), []byte("http://")) || bytes.Contains(buf.Bytes(), []byte("https://")) {
				t.Error("the page refers to the network")
			}
			if err := os.WriteFile(page, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			dom := string(runChromium(t, bin, "--dump-dom", "file://"+page+"#selftest"))
			m := preRe.FindStringSubmatch(dom)
			if m == nil {
				t.Fatalf("no #prompt in the rendered DOM:\n%s", dom)
			}
			active := 0
			for _, s := range rep.Sections {
				if s.Active {
					active++
				}
			}
			if n := len(spanRe.FindAllString(m[1], -1)); n != active {
				t.Errorf("%d section spans, want %d", n, active)
			}
			if text := html.UnescapeString(tagRe.ReplaceAllString(m[1], "")); text != res.Text {
				t.Errorf("rendered prompt text differs from build output:\n got %q\nwant %q", text, res.Text)
			}
			if !strings.Contains(dom, `data-ready="1"`) || !strings.Contains(dom, `data-selftest="ok"`) {
				t.Errorf("the page script did not run cleanly: %s", regexp.MustCompile(`<body[^>]*>`).FindString(dom))
			}
			shot := filepath.Join(dir, "shot.png")
			runChromium(t, bin, "--window-size=1400,1000", "--screenshot="+shot, "file://"+page)
			png, err := os.ReadFile(shot)
			if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
				t.Fatalf("no screenshot: %v", err)
			}
			if keep := os.Getenv("PROMPTC_SCREENSHOTS"); keep != "" {
				name := strings.ReplaceAll(f.name, " ", "_")
				_ = os.WriteFile(filepath.Join(keep, name+".png"), png, 0o644)
				_ = os.WriteFile(filepath.Join(keep, name+".html"), buf.Bytes(), 0o644)
			}
		})
	}
}
