from django.urls import path

from accounts import views

urlpatterns = [
    path("staff/sign-in-locks/", views.signin_locks, name="signin-locks"),
    path("signup/", views.sign_up, name="signup"),
    path("staff/store/", views.store_staff_page, name="store-staff"),
    path("claim/", views.claim, name="claim"),
]
