package projecttrust

import "github.com/promptc/promptc/sources"

var _ sources.TrustJudge = Result{}

// TrustVerdict reports the decision; the markers left out because the
// project is not trusted are the ignored resources.
func (r Result) TrustVerdict() sources.TrustVerdict {
	v := sources.TrustVerdict{
		Trusted: r.Trusted, ByDecision: r.Trusted && r.Decided, Reason: r.Reason,
		Requiring: nonNil(r.Requiring), Ignored: []string{},
	}
	if r.Gate != nil {
		v.Gate = &sources.GateVerdict{Trusted: r.Gate.Trusted, Reason: r.Gate.Reason}
	}
	for _, e := range r.Excluded {
		v.Ignored = append(v.Ignored, e.Path)
	}
	return v
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
