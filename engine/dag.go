package engine

import (
	"cmp"
	"slices"
	"strings"
)

// node is one vertex of an ordering graph.
type node struct {
	id    string
	order int
}

// topoSort orders nodes so that every edge from -> to puts from first.
// Among nodes that are free at the same time, the one with the smaller
// order, then the smaller id, goes first, so the result is stable and
// deterministic. When the graph has a cycle, cycle holds one of them,
// starting from its smallest id and repeating it at the end.
func topoSort(nodes []node, edges map[string][]string) (sorted []string, cycle []string) {
	indeg := make(map[string]int, len(nodes))
	byID := make(map[string]node, len(nodes))
	for _, n := range nodes {
		byID[n.id] = n
		indeg[n.id] += 0
	}
	for _, tos := range edges {
		for _, to := range tos {
			indeg[to]++
		}
	}
	less := func(a, b string) int {
		if c := cmp.Compare(byID[a].order, byID[b].order); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	}
	var ready []string
	for _, n := range nodes {
		if indeg[n.id] == 0 {
			ready = append(ready, n.id)
		}
	}
	for len(ready) > 0 {
		slices.SortFunc(ready, less)
		id := ready[0]
		ready = ready[1:]
		sorted = append(sorted, id)
		for _, to := range edges[id] {
			indeg[to]--
			if indeg[to] == 0 {
				ready = append(ready, to)
			}
		}
	}
	if len(sorted) == len(nodes) {
		return sorted, nil
	}
	return nil, findCycle(nodes, edges, indeg)
}

// findCycle returns a cycle among the nodes left with incoming edges.
func findCycle(nodes []node, edges map[string][]string, indeg map[string]int) []string {
	var left []string
	for _, n := range nodes {
		if indeg[n.id] > 0 {
			left = append(left, n.id)
		}
	}
	slices.Sort(left)
	inLeft := map[string]bool{}
	for _, id := range left {
		inLeft[id] = true
	}
	for _, start := range left {
		path := []string{start}
		onPath := map[string]int{start: 0}
		var dfs func(id string) []string
		visited := map[string]bool{}
		dfs = func(id string) []string {
			visited[id] = true
			next := append([]string(nil), edges[id]...)
			slices.Sort(next)
			for _, to := range next {
				if !inLeft[to] {
					continue
				}
				if i, ok := onPath[to]; ok {
					cyc := append(append([]string(nil), path[i:]...), to)
					return rotate(cyc)
				}
				if visited[to] {
					continue
				}
				onPath[to] = len(path)
				path = append(path, to)
				if c := dfs(to); c != nil {
					return c
				}
				path = path[:len(path)-1]
				delete(onPath, to)
			}
			return nil
		}
		if c := dfs(start); c != nil {
			return c
		}
	}
	return left
}

// rotate makes a closed cycle (first == last) start at its smallest id.
func rotate(cyc []string) []string {
	ring := cyc[:len(cyc)-1]
	min := 0
	for i, id := range ring {
		if id < ring[min] {
			min = i
		}
	}
	out := append(append([]string(nil), ring[min:]...), ring[:min]...)
	return append(out, out[0])
}
