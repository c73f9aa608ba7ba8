package engine

// runFacts are the file-system facts a Builder's run depended on.
type runFacts struct {
	// paths are the absolute paths of the facts of every source the run
	// used and of its roots; listed the directories whose listings they
	// read.
	paths, listed []string
	// complete is false when some source's facts are unknown (it was not
	// memoized, or its facts changed while it ran).
	complete bool
	// recomputed is true when a source ran (no memoized output served).
	recomputed bool
}

func (r *run) facts() runFacts {
	if r.memo == nil || !r.wantFacts {
		return runFacts{}
	}
	f := runFacts{complete: !r.unknownFacts, recomputed: r.recomputed}
	if r.rootDeps != nil {
		f.paths = append(f.paths, r.rootDeps.Names()...)
	}
	for _, id := range r.order {
		deps := r.deps[id]
		if deps == nil || deps.Broken() {
			f.complete = false
			continue
		}
		f.paths = append(f.paths, deps.Names()...)
		f.listed = append(f.listed, deps.Listed()...)
	}
	return f
}
