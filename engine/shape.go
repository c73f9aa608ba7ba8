package engine

import (
	"context"
	"slices"

	"github.com/promptc/promptc/sources"
)

// shapeSource rewrites the items of source name's value as the pipeline
// says, once per run, right after the source resolved: @imports are
// expanded (the imported files become origins with their chain, refused
// imports warnings), then each item's text is cut to the source's cap.
// The shaped value is what conditions and sections read; frames are
// applied later, where a section renders the value.
func (r *run) shapeSource(ctx context.Context, name string, sp *sourcePlan) (any, error) {
	outp := r.outputs[name]
	list, ok := outp.Value.(sources.ItemList)
	if !ok {
		return outp.Value, nil
	}
	out := *outp
	out.Origins = slices.Clip(out.Origins)
	out.Diags = slices.Clip(out.Diags)
	items := list.Items()
	if sp.imports {
		rs, err := r.rootSet(ctx)
		if err != nil {
			return nil, err
		}
		im := &importer{r: r, rs: rs, fsys: runFS{FS: r.fsys, read: &r.read, max: r.in.MaxReadBytes}}
		for i := range items {
			if !items[i].HasText {
				continue
			}
			text, err := im.expand(ctx, items[i].Label, items[i].Text, []string{items[i].Label})
			if err != nil {
				return nil, err
			}
			items[i].Text = text
		}
		out.Origins = append(out.Origins, im.origins...)
		out.Diags = append(out.Diags, im.warns.diags()...)
		r.unknownFacts = true // imported files are read outside the source's tracked facts
	}
	if sp.cap != nil && sp.cap.max > 0 && r.plan.budget != nil {
		for i := range items {
			if !items[i].HasText {
				continue
			}
			text, cut, err := r.keepText(items[i].Text, sp.cap.max, sp.cap.strategy, items[i].Label)
			if err != nil {
				return nil, err
			}
			if cut != nil {
				cut.Source, cut.By = name, BySourceCap
				r.cuts = append(r.cuts, *cut)
				items[i].Text = text
			}
		}
	}
	out.Value = list.WithItems(items)
	r.outputs[name] = &out
	r.vals[name] = out.Value
	return out.Value, nil
}
