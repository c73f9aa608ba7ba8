package projecttrust_test

import (
	"context"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/sources/kinds/projecttrust"
)

// The options for pi 1.x's rules, each against pi 0.83.0's behaviour.
func TestPi1Options(t *testing.T) {
	const store, settings = "home/.pi/agent/trust.json", "home/.pi/agent/settings.json"
	for _, tc := range []struct {
		name           string
		tree           map[string]string
		withoutMarkers bool
		bom            bool
		trusted        bool
		reason         string
	}{
		{
			name:    "no marker: trusted, the store unread (pi 0.83.0)",
			tree:    map[string]string{"w/p/": "", store: `{"${ROOT}/w/p": false}`},
			trusted: true, reason: projecttrust.ReasonNoResources,
		},
		{
			name:           "store_without_markers: the store's false wins without markers",
			tree:           map[string]string{"w/p/": "", store: `{"${ROOT}/w": false}`},
			withoutMarkers: true, reason: "trust.json: ${ROOT}/w = false",
		},
		{
			name:           "store_without_markers: no entry, trusted as nothing needs trust",
			tree:           map[string]string{"w/p/": "", store: `{"${ROOT}/elsewhere": false}`},
			withoutMarkers: true, trusted: true, reason: projecttrust.ReasonNoResources,
		},
		{
			name: "strip_bom: a store with a BOM is read",
			tree: map[string]string{"w/p/.pi/SYSTEM.md": "", store: "\uFEFF{\"${ROOT}/w/p\": true}"},
			bom:  true, trusted: true, reason: "trust.json: ${ROOT}/w/p = true",
		},
		{
			name: "strip_bom: a settings file with a BOM is read",
			tree: map[string]string{"w/p/.pi/SYSTEM.md": "", settings: "\uFEFF{\"defaultProjectTrust\": \"always\"}"},
			bom:  true, trusted: true, reason: "defaultProjectTrust: always",
		},
		{
			name:   "without strip_bom a settings file with a BOM counts as {}",
			tree:   map[string]string{"w/p/.pi/SYSTEM.md": "", settings: "\uFEFF{\"defaultProjectTrust\": \"always\"}"},
			reason: projecttrust.ReasonUndecided,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := oracletest.TempRoot(t)
			tree := map[string]string{}
			for k, v := range tc.tree {
				tree[k] = strings.ReplaceAll(v, "${ROOT}", root)
			}
			oracletest.WriteTree(t, root, tree)
			opts := projecttrust.Defaults(root+"/w/p", root+"/home", root+"/home/.pi/agent", projecttrust.Auto)
			opts.StoreWithoutMarkers, opts.StripBOM = tc.withoutMarkers, tc.bom
			res, err := projecttrust.Decide(context.Background(), oracletest.DirFS(), opts)
			if err != nil {
				t.Fatal(err)
			}
			if want := strings.ReplaceAll(tc.reason, "${ROOT}", root); res.Trusted != tc.trusted || res.Reason != want {
				t.Errorf("got %v %q, want %v %q", res.Trusted, res.Reason, tc.trusted, want)
			}
		})
	}
}
