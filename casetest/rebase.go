package casetest

// ReplacePath returns b with every occurrence of old in the prompt and the
// origins' paths written as new, the section spans moved to match (how
// promptc check writes a repository's root as $REPO in its goldens). b is
// not changed.
func (b *Build) ReplacePath(old, new string) *Build { return b.replacePath(old, new) }
