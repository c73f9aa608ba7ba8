package projecttrust_test

import (
	"context"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/sources/kinds/projecttrust"
)

// TestOracle checks the trust decision against every recorded pi case.
func TestOracle(t *testing.T) {
	fsys := oracletest.DirFS()
	for _, c := range oracletest.Cases(t) {
		t.Run(c.Name, func(t *testing.T) {
			sb := c.Setup(t)
			decision := projecttrust.Auto
			switch c.Spec.Trusted {
			case true:
				decision = projecttrust.Approve
			case false:
				decision = projecttrust.Deny
			}
			res, err := projecttrust.Decide(context.Background(), fsys, projecttrust.Defaults(sb.Cwd, sb.Home, sb.AgentDir, decision))
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%v: %s; requiring %q", res.Trusted, res.Reason, res.Requiring)
			if res.Trusted != c.Expected.ProjectTrusted {
				t.Errorf("trusted = %v (%s; requiring %q), want %v", res.Trusted, res.Reason, res.Requiring, c.Expected.ProjectTrusted)
			}
		})
	}
}
