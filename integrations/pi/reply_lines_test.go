package pi

import (
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/promptc/promptc/integrations/internal/splitcheck"
)

// propertyCases is how many random streams TestReplyLinesProperty feeds
// (each whole and in random chunks, with its cap checks).
const propertyCases = 500

// TestReplyLinesProperty runs testdata/reply_lines_property.mjs: promptc.ts's
// ReplyLines (the serve transport's line splitter), loaded as pi loads it,
// must return for any split of a stream of UTF-8 lines (cut inside
// characters, several lines per chunk, lines over many chunks) exactly the
// lines written, and enforce its byte cap. The seed is random unless
// $PROMPTC_PROPERTY_SEED gives one. It needs the installed pi oracle (its
// Node and jiti) and runs under -short: it takes seconds.
func TestReplyLinesProperty(t *testing.T) {
	oracle, why := findOracle(piVersions[0])
	if oracle == "" {
		piVersions[0].suite.Skip(t, why)
	}
	node, err := oracleNode(oracle)
	if err != nil {
		t.Skip(err)
	}
	ext, err := filepath.Abs("promptc.ts")
	if err != nil {
		t.Fatal(err)
	}
	seed := splitcheck.Seed()
	cmd := exec.Command(node, filepath.Join("testdata", "reply_lines_property.mjs"), oracle, ext, strconv.Itoa(propertyCases), seed)
	splitcheck.Run(t, cmd, propertyCases, seed)
}

// TestVersionTarget loads promptc.ts as pi loads it, with each installed
// pi, and checks the pipeline it picks for that pi's version
// (testdata/version_target.mjs): the version's own, a clear fatal error
// for a version promptc has not verified, PROMPTC_PIPELINE over both. It
// runs under -short: it takes a second per version.
func TestVersionTarget(t *testing.T) {
	for _, v := range piVersions {
		t.Run("pi"+v.version, func(t *testing.T) {
			oracle, why := findOracle(v)
			if oracle == "" {
				v.suite.Skip(t, why)
			}
			node, err := oracleNode(oracle)
			if err != nil {
				t.Skip(err)
			}
			ext, err := filepath.Abs("promptc.ts")
			if err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(node, filepath.Join("testdata", "version_target.mjs"), oracle, ext, v.pipeline).CombinedOutput()
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if want := "ok " + v.version + " " + v.pipeline + "\n"; string(out) != want {
				t.Errorf("got %q, want %q", out, want)
			}
		})
	}
}
