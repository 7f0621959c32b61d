"""The trainer's one form: a drill's name (level, seed, focus) and the player's answer, read from
the query (marking changes nothing on the server, so a drill and its answer are a GET, and a
marked drill is a link)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.trainer import drills

SEED_MAX = 2**31 - 1


class DrillForm(forms.Form):
    level = forms.TypedChoiceField(choices=[(n, n) for n in drills.LEVELS], coerce=int,
                                   required=False, empty_value=1)
    seed = forms.IntegerField(min_value=0, max_value=SEED_MAX, required=False)
    focus = forms.SlugField(max_length=40, required=False)
    answered = forms.BooleanField(required=False)
    patterns = forms.MultipleChoiceField(required=False)
    total = forms.IntegerField(required=False, label=_("Total"),
                               error_messages={"invalid": _("Enter the total as a whole number.")})
    tiles = forms.MultipleChoiceField(required=False)

    def __init__(self, data, drill_kind, variant_id, **kwargs):
        super().__init__(data, **kwargs)
        self.kind = drill_kind
        self.fields["tiles"].choices = [(code, code) for code in drills.keyboard(variant_id)]
        self.fields["patterns"].choices = [(pid, pid) for pid in drills.patterns_of(variant_id)]
        for seat in drills.SEATS:
            self.fields[f"net_{seat}"] = forms.IntegerField(
                required=False, error_messages={"invalid": _("Enter a whole number.")})

    def clean(self):
        data = super().clean()
        if not data.get("answered"):
            return data
        if self.kind == "worth" and data.get("total") is None and "total" not in self.errors:
            self.add_error("total", _("Give the total too."))
        if self.kind == "pays":
            for seat in drills.SEATS:
                name = f"net_{seat}"
                if data.get(name) is None and name not in self.errors:
                    self.add_error(name, _("Give every seat's net (0 for a seat that neither "
                                           "pays nor receives)."))
        return data

    def answer(self) -> dict:
        data = self.cleaned_data
        return {"patterns": data.get("patterns") or [], "total": data.get("total"),
                "tiles": data.get("tiles") or [],
                "net": {seat: data.get(f"net_{seat}") for seat in drills.SEATS}}
