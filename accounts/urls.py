from django.urls import path

from accounts import views

urlpatterns = [
    path("staff/sign-in-locks/", views.signin_locks, name="signin-locks"),
]
