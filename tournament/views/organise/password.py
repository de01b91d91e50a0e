"""Setting the password of a login made on the staff page, through its one-time link: Django's password reset
confirmation (the token is good until the password is set, for PASSWORD_RESET_TIMEOUT at most), in Tenbou's
layout; afterwards the person is logged in and lands on the pages of their role."""

from django.contrib.auth.views import PasswordResetConfirmView
from django.db import transaction
from django.urls import reverse_lazy

from tournament.services.staff import record_password_set


class SetPasswordView(PasswordResetConfirmView):
    template_name = "organise/set_password.html"
    success_url = reverse_lazy("landing")
    post_reset_login = True
    post_reset_login_backend = "django.contrib.auth.backends.ModelBackend"
    reset_url_token = "set-password"

    def form_valid(self, form):
        with transaction.atomic():
            response = super().form_valid(form)
            record_password_set(user=form.user)
        return response
