package engine

import "context"

// ParamValues returns the value every declared param takes for in: the
// caller's value converted to the param's type, else the default (nil for
// nullable lists and maps). It reads no source; `promptc explain` uses it
// to evaluate parts of conditions after a run.
func (p *Plan) ParamValues(ctx context.Context, in Input) (map[string]any, error) {
	r, err := p.newRun(in)
	if err != nil {
		return nil, err
	}
	out := make(map[string]any, len(p.params))
	for name := range p.params {
		v, err := r.value(ctx, name)
		if err != nil {
			return nil, err
		}
		out[name] = v
	}
	return out, nil
}
