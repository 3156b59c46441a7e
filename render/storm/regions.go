package stormmap

import (
	"encoding/json"
	"image"
	"strconv"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/storm"
	"github.com/umpirebot/umpire/render"
)

// box is an area's box in pixels.
func (b *board) box(a int) image.Rectangle {
	x, y := b.centre(a)
	return image.Rect(int(x-boxW/2), int(y-boxH/2), int(x+boxW/2)+1, int(y+boxH/2)+1)
}

// around is the close-up of a set of areas and their neighbours, with a
// margin, cut to the map.
func (b *board) around(as []int) image.Rectangle {
	var r image.Rectangle
	for _, a := range as {
		r = r.Union(b.box(a))
		for _, n := range b.areas[a].Adjacent {
			r = r.Union(b.box(n))
		}
	}
	return r.Inset(-12).Intersect(image.Rect(0, 0, mapW, mapH))
}

// Regions: for phones, each area with its neighbours (by its number),
// the four sectors of the camp, and the panel.
func (b *board) Regions() map[string]image.Rectangle {
	out := map[string]image.Rectangle{
		"north":  image.Rect(0, 0, mapW, mapH/2+40),
		"south":  image.Rect(0, mapH/2-40, mapW, mapH),
		"west":   image.Rect(0, 0, mapW/2+80, mapH),
		"east":   image.Rect(mapW/2-80, 0, mapW, mapH),
		"panel":  image.Rect(mapW, 0, mapW+panelW, mapH),
		"centre": image.Rect(mapW/4, mapH/4, 3*mapW/4, 3*mapH/4),
	}
	for _, a := range b.ids {
		out[strconv.Itoa(a)] = b.around([]int{a})
	}
	return out
}

var _ render.Regioner = (*board)(nil)
var _ render.Focuser = (*board)(nil)

// Focus: the close-up around the areas whose drawing changed.
func (b *board) Focus(before, after adjudicator.View) (image.Rectangle, bool) {
	nb, err := render.BoardAs[storm.Board](after, "Storm over Dien Bien Phu")
	if err != nil {
		return image.Rectangle{}, false
	}
	old := map[int]string{}
	if ob, err := render.BoardAs[storm.Board](before, "Storm over Dien Bien Phu"); err == nil {
		for _, a := range ob.Areas {
			j, _ := json.Marshal(a)
			old[a.ID] = string(j)
		}
	}
	var changed []int
	for _, a := range nb.Areas {
		j, _ := json.Marshal(a)
		if o, ok := old[a.ID]; ok && o != string(j) {
			changed = append(changed, a.ID)
		}
	}
	if len(changed) == 0 || len(changed) > 8 {
		return image.Rectangle{}, false
	}
	return b.around(changed), true
}
