"""The alerts feed: ``/alerts/``, newest first; opening it marks them read."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone

from arena.alerts.models import Alert

PAGE_SIZE = 50


class EmailForm(forms.Form):
    email = forms.EmailField(
        required=False, label="E-mail for alerts", help_text="empty: the feed only"
    )


@login_required
def feed(request: HttpRequest) -> HttpResponse:
    """The feed, and the address alerts are e-mailed to (POST sets it)."""
    form = EmailForm(request.POST or None, initial={"email": request.user.email})
    if request.method == "POST" and form.is_valid():
        request.user.email = form.cleaned_data["email"]
        request.user.save(update_fields=["email"])
        said = f"to {request.user.email}" if request.user.email else "nowhere: the feed only"
        messages.success(request, f"Alerts are e-mailed {said}.")
        return redirect("alerts")
    alerts = Alert.objects.filter(user=request.user)
    page = Paginator(alerts, PAGE_SIZE).get_page(request.GET.get("page"))
    unread = [alert.id for alert in page.object_list if alert.read is None]
    response = render(
        request,
        "alerts.html",
        {"page": page, "unread": set(unread), "form": form},
        status=400 if form.errors else 200,
    )
    Alert.objects.filter(id__in=unread).update(read=timezone.now())
    return response


def unread_count(request: HttpRequest) -> dict[str, object]:
    """For the header: how many unread alerts the signed-in user has (one indexed count)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_alerts": Alert.objects.filter(user=user, read__isnull=True).count()}
