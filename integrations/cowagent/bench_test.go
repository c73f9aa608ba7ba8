package cowagent

import (
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// BenchmarkTurn measures one turn of Agent.get_full_system_prompt in
// CowAgent's real code (i18n): CowAgent's own builder, the adapter with a
// `promptc build` per turn, and the adapter with one `promptc serve
// --stdio`. Every iteration is a turn of the same Agent inside one
// oracle run, so interpreter start-up and the oracle's layout are not
// counted: ns/op is the mean of the turns after the first, first-ms the
// first turn (a serve child starts there), median-ms the median of the
// others. Run it with a fixed count, e.g.
//
//	COWAGENT_GIT_DIRS=… go test -run '^$' -bench Turn -benchtime 100x ./integrations/cowagent
func BenchmarkTurn(b *testing.B) {
	for _, name := range []string{"02-full-zh", "40-builtin-skills-snapshot"} {
		for _, mode := range []string{"cowagent", "cli", "serve"} {
			b.Run(name+"/"+mode, func(b *testing.B) {
				h := setup(b)
				dir := filepath.Join(filepath.Dir(h.cases[0]), name)
				r := run{python: h.python, args: []string{"--turns", strconv.Itoa(b.N + 1)}}
				if mode != "cowagent" {
					r.python, r.env = h.adapted, []string{"PROMPTC_TRANSPORT=" + mode}
				}
				rep := h.run(b, dir, r)
				if len(rep.TurnSeconds) != b.N+1 {
					b.Fatalf("want %d turns, got %d", b.N+1, len(rep.TurnSeconds))
				}
				if mode != "cowagent" && rep.Adapter.Promptc != b.N+1 {
					b.Fatalf("promptc answered %d of %d turns", rep.Adapter.Promptc, b.N+1)
				}
				warm := slices.Clone(rep.TurnSeconds[1:])
				var sum float64
				for _, s := range warm {
					sum += s
				}
				slices.Sort(warm)
				b.ReportMetric(sum/float64(len(warm))*1e9, "ns/op")
				b.ReportMetric(rep.TurnSeconds[0]*1e3, "first-ms")
				b.ReportMetric(warm[len(warm)/2]*1e3, "median-ms")
			})
		}
	}
}
