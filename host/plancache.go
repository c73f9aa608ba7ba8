package host

// PlanCache is a [Memoizer] of at most max values, the least recently
// used dropped past it: an Env that serves many requests (promptc serve)
// keeps its compiled plans in one, by the key the host gives each plan
// (its layers' names and bytes, sets and family). Safe for concurrent use.
type PlanCache struct {
	plans *lru[string, any]
}

// NewPlanCache returns a PlanCache of at most max plans (at least one).
func NewPlanCache(max int) *PlanCache {
	return &PlanCache{plans: newLRU[string, any](max)}
}

// Memo returns the value under key, computing and keeping it on first
// use (two first uses at once may both compute; both get the first value
// kept).
func (c *PlanCache) Memo(key string, compute func() any) any { return c.plans.get(key, compute) }
